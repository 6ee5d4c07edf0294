/**
 * RSA2 signing in Alipay's format, for the development sandbox (the real gateway does this on Alipay's side):
 * parameters sorted by key, `key=value` joined with `&`, SHA256withRSA, base64.
 */
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';

export function signContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: string): boolean {
  return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
}

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function generateRsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return { privateKey, publicKey };
}
