/** Loads xgplayer and its styles on first use, once for all players on the page; a failed load may be retried. */

import type * as Xgplayer from 'xgplayer';

type PlayerModule = typeof Xgplayer;

let loading: Promise<PlayerModule> | null = null;

export function loadPlayer(): Promise<PlayerModule> {
  loading ??= Promise.all([import('xgplayer'), import('xgplayer/dist/index.min.css')])
    .then(([playerModule]) => playerModule)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
