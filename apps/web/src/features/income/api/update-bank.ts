/** POST /agent/v1/user/update_bank: add or change the creator's bank card (SMS code of type 3; spec §7). */
import type { UpdateBankRequest } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function updateBank(payload: UpdateBankRequest) {
  return request<unknown>('POST', '/agent/v1/user/update_bank', { body: payload });
}
