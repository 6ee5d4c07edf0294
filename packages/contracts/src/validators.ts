/**
 * Field validators of the phone and the SMS code. Each returns the Chinese message to show, or null when it is valid,
 * so the web form rules and the server's zod schemas give the same answer for the same input.
 */
import { PHONE_LENGTH, SMS_CODE_LENGTH } from './constants.js';

const PHONE_PATTERN = /^1[3-9]\d{9}$/;
const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

export const ValidationMessages = {
  phoneRequired: '手机号不能为空',
  phoneLength: '手机号长度不正确',
  phoneInvalid: '手机号错误，请重新填写',
  codeRequired: '验证码不能为空',
  codeInvalid: '验证码只能为六位数字',
  idCardRequired: '请填写身份证号',
  idCardInvalid: '身份证号码不正确',
  termsRequired: '请勾选用户协议和隐私协议',
} as const;

export function validatePhone(value: string | null | undefined): string | null {
  if (!value) return ValidationMessages.phoneRequired;
  if (value.length < PHONE_LENGTH) return ValidationMessages.phoneLength;
  if (!PHONE_PATTERN.test(value)) return ValidationMessages.phoneInvalid;
  return null;
}

export function validateSmsCode(value: string | null | undefined): string | null {
  if (!value) return ValidationMessages.codeRequired;
  if (!SMS_CODE_PATTERN.test(value)) return ValidationMessages.codeInvalid;
  return null;
}

/** Keeps only digits and cuts to `max`: what the phone and code inputs accept as the user types. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D+/g, '').slice(0, max);
}

/** Province-level prefixes of GB/T 2260 administrative division codes (first two digits of an ID number). */
const ID_CARD_PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 83, 91,
]);
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK_CHARS = '10X98765432';

/** ISO 7064 MOD 11-2 check character of the first 17 digits of a mainland resident ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_CARD_WEIGHTS[i]!;
  return ID_CARD_CHECK_CHARS[sum % 11]!;
}

/**
 * A valid 18-character resident ID: known province prefix, a real birth date not in the future and not before
 * 1900, and a matching check character. `now` is injectable so the rule is testable.
 */
export function isValidIdCard(value: string, now: Date = new Date()): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  if (!ID_CARD_PROVINCES.has(Number(value.slice(0, 2)))) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const realDate = birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  if (!realDate || year < 1900 || birth.getTime() > now.getTime()) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17]!.toUpperCase();
}

export function validateIdCard(value: string | null | undefined): string | null {
  if (!value?.trim()) return ValidationMessages.idCardRequired;
  return isValidIdCard(value) ? null : ValidationMessages.idCardInvalid;
}

/** Masks a phone number for logs and display: 138****8000. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** Masks an ID number for display: the region's first four and the last four stay, 3301**********1234. */
export function maskIdCard(value: string): string {
  return value.length > 8 ? `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}` : '****';
}

/** Masks a bank card number: 6222 **** **** 1234. */
export function maskBankCard(value: string): string {
  return value.length > 8 ? `${value.slice(0, 4)} **** **** ${value.slice(-4)}` : '****';
}

/** Masks an Alipay account: a phone as 138****8000, an e-mail as a***@example.com. */
export function maskAlipayAccount(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  return maskPhone(value);
}

/** Masks a real name for display: the family name stays, 张**. */
export function maskRealName(name: string): string {
  const characters = Array.from(name.trim());
  return characters.length === 0 ? '' : `${characters[0]}${'*'.repeat(Math.max(characters.length - 1, 1))}`;
}
