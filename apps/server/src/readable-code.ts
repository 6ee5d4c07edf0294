/** Short random codes people read aloud and type: no 0/O, 1/I/L. Used for invite and promotion codes. */
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function readableCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
  return code;
}
