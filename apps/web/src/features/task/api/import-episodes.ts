/** POST /ai/v1/media/import-episodes: a serial's episodes into the creator's media library, once each (issue 9 §2). */
import type { Media } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function importEpisodes(serialId: number) {
  return request<{ data: Media[]; added: number }>('POST', '/ai/v1/media/import-episodes', {
    body: { serial_id: serialId },
  });
}
