/** Invite codes: short, easy to read aloud and type (no 0/O, 1/I/L). */
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
  return code;
}

/** Invite codes are case-insensitive for people; stored upper-case. */
export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}
