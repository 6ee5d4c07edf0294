/**
 * Public-key certificates (公钥证书) as Alipay issues them, for the development sandbox's certificate mode: a root
 * certificate, the app's certificate over its public key and Alipay's certificate over the gateway's public key, both
 * issued by the root; and the certificate serial numbers (SN) Alipay's requests and answers carry.
 */
import { createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { generateRsaKeyPair, type KeyPair } from './alipay-signing.js';

export interface SandboxCerts {
  /** alipayRootCert.crt */
  root: string;
  /** appCertPublicKey_<appid>.crt */
  app: string;
  /** alipayCertPublicKey_RSA2.crt */
  alipay: string;
}

const TEN_YEARS_MS = 10 * 365 * 24 * 3600_000;
const ROOT_SUBJECT = [
  { shortName: 'C', value: 'CN' },
  { shortName: 'O', value: 'Alipay Sandbox' },
  { shortName: 'OU', value: 'Certification Authority' },
  { shortName: 'CN', value: 'Alipay Sandbox Root CA' },
];

function issue(
  subject: forge.pki.CertificateField[],
  publicKeyPem: string,
  issuer: forge.pki.CertificateField[],
  issuerKey: forge.pki.rsa.PrivateKey,
  ca: boolean,
): string {
  const cert = forge.pki.createCertificate();
  // A positive serial (high bit clear), as X.509 wants.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + TEN_YEARS_MS);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions([{ name: 'basicConstraints', cA: ca }]);
  cert.sign(issuerKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/** Issues the root and the two certificates over the app's and the gateway's public keys. */
export function issueSandboxCerts(appId: string, app: KeyPair, alipay: KeyPair): SandboxCerts {
  const rootKeys: KeyPair = generateRsaKeyPair();
  const rootKey = forge.pki.privateKeyFromPem(rootKeys.privateKey);
  const subject = (cn: string) => [...ROOT_SUBJECT.slice(0, 3), { shortName: 'CN', value: cn }];
  return {
    root: issue(ROOT_SUBJECT, rootKeys.publicKey, ROOT_SUBJECT, rootKey, true),
    app: issue(subject(appId), app.publicKey, ROOT_SUBJECT, rootKey, false),
    alipay: issue(subject('Alipay Sandbox Gateway'), alipay.publicKey, ROOT_SUBJECT, rootKey, false),
  };
}

/**
 * Alipay's certificate SN: MD5 (hex) of the issuer's name, its attributes last to first as `CN=…,OU=…,O=…,C=…`,
 * followed by the serial number in decimal. A root file holds several certificates: the SNs of its RSA ones
 * (signature OID 1.2.840.113549.1.1.*) joined with `_`.
 */
export function certSn(pem: string): string {
  return snOf(forge.pki.certificateFromPem(pem));
}

export function rootCertSn(pem: string): string {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks
    .map((block) => forge.pki.certificateFromPem(block))
    .filter((cert) => cert.signatureOid.startsWith('1.2.840.113549.1.1'))
    .map(snOf)
    .join('_');
}

function snOf(cert: forge.pki.Certificate): string {
  const name = [...cert.issuer.attributes]
    .reverse()
    .map((attribute) => `${attribute.shortName}=${String(attribute.value)}`)
    .join(',');
  const serial = BigInt(`0x${cert.serialNumber}`).toString(10);
  return createHash('md5')
    .update(name + serial, 'utf8')
    .digest('hex');
}
