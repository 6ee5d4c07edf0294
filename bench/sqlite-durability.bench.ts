/**
 * The cost of SQLite `synchronous = FULL` (the app's setting: a commit is on disk before it is acknowledged)
 * against `NORMAL` (WAL's usual setting, which may lose the last commits on a power cut), on a write-heavy path:
 * every `GET /s/{code}` records its visit. The server, the baseline and the load generator each run in their own
 * process; a bare Fastify route is the baseline. Put the data on a real disk (not tmpfs) or fsync is free.
 */
import { measure, report, startBaseline, startProductProcess, type Figures } from './support.js';

async function measureShortLink(mode: 'NORMAL' | 'FULL'): Promise<Figures> {
  const product = await startProductProcess(mode);
  try {
    return await measure(
      `GET /s/{code}, synchronous=${mode}`,
      `${product.base}/s/${product.code}`,
      {
        expectStatus: 302,
      },
      product.pid,
    );
  } finally {
    await product.close();
  }
}

/** Mean requests/s of one mode's runs. */
function meanRate(rows: Figures[]): number {
  return rows.reduce((sum, f) => sum + f.requestsPerSecond, 0) / rows.length;
}

// Interleaved runs, so that noise from other work on the machine falls on both settings alike.
const ORDER = ['NORMAL', 'FULL', 'NORMAL', 'FULL'] as const;
const baseline = await startBaseline();
try {
  const bare = await measure('bare Fastify route', baseline.url, {}, baseline.pid);
  const runs: Array<{ mode: (typeof ORDER)[number]; figures: Figures }> = [];
  for (const mode of ORDER) runs.push({ mode, figures: await measureShortLink(mode) });
  report('SQLite durability: one write transaction per request', [bare, ...runs.map((r) => r.figures)]);
  const normal = meanRate(runs.filter((r) => r.mode === 'NORMAL').map((r) => r.figures));
  const full = meanRate(runs.filter((r) => r.mode === 'FULL').map((r) => r.figures));
  console.log(
    `mean req/s: NORMAL ${Math.round(normal)}, FULL ${Math.round(full)} (${((1 - full / normal) * 100).toFixed(1)}% fewer with FULL)`,
  );
} finally {
  await baseline.close();
}
