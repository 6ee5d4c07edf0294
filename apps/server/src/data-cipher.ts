/**
 * Personal data at rest (ID, bank card and Alipay account numbers): AES-256-GCM with a random 96-bit IV per value,
 * and a keyed hash (HMAC-SHA256) so a value can be looked up without decrypting every row. Both keys derive from
 * DATA_ENCRYPTION_KEY with HKDF, so one secret serves both purposes without reusing the same key for two.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class DataCipher {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes');
    this.encryptionKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'cc-data-encryption', 32));
    this.hashKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'cc-data-lookup', 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>` in base64url; '' stays '' (no value). */
  encrypt(plain: string): string {
    if (plain === '') return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain text; throws when the value was altered or encrypted under another key. */
  decrypt(sealed: string): string {
    if (sealed === '') return '';
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not an encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Keyed hash of a value of a kind ('id_card', 'bank_card', 'alipay'): equal inputs give equal hashes. */
  lookupHash(kind: string, value: string): string {
    return createHmac('sha256', this.hashKey).update(`${kind}:${value}`).digest('hex');
  }
}
