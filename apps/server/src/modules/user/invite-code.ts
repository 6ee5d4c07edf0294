/** Invite codes: eight readable characters, stored upper-case, matched case-insensitively. */
import { readableCode } from '../../readable-code.js';

export const INVITE_CODE_LENGTH = 8;

export function generateInviteCode(): string {
  return readableCode(INVITE_CODE_LENGTH);
}

export function normalizeInviteCode(code: string): string {
  return code.trim().toUpperCase();
}
