/**
 * The authorized API beside a bare Fastify route, each in its own process with the load generator in a third:
 * `user/info` (token → session → agent, points, payees), and the lists a creator opens most. On SQLite the floor of
 * `user/info` (`serve-floor.ts`: the same read and answer with nothing around them) runs beside them.
 *
 * `BENCH_COMPARE_DIR=<another checkout>` (e.g. `git worktree add /tmp/before <commit>` with its `npm ci`) runs that
 * checkout's product too, in its own process, each route measured on both between the same bare runs: a change's
 * before and after in one run.
 */
import path from 'node:path';
import { compareWithBare, serve, startBaseline, startProductProcess, type Target } from './support.js';

const baseline = await startBaseline();
const product = await startProductProcess();
const compareDir = process.env.BENCH_COMPARE_DIR;
const before = compareDir ? await startProductProcess(undefined, path.join(compareDir, 'bench')) : null;
const floor = product.databaseFile
  ? await serve<{ url: string }>('serve-floor.ts', [product.databaseFile, product.token, String(product.agentId)])
  : null;
try {
  const headers = { vendor: 'default', authorization: `Bearer ${product.token}` };
  const routes: Array<[string, string, number]> = [
    ['GET /agent/v1/user/info', '/agent/v1/user/info', 0.5],
    ['GET /agent/v1/task/page', '/agent/v1/task/page?task_type=1&sort=total_income&page_size=12', 0.25],
    ['GET /agent/v1/credit/detail', '/agent/v1/credit/detail?page=1&page_size=10', 0.25],
    ['GET /agent/v1/sett/order/page', '/agent/v1/sett/order/page?page=1&page_size=10', 0.25],
  ];
  // BENCH_COMPARE_FIRST=before measures the other checkout first on each route (a second run evens out warm-up).
  const beforeFirst = process.env.BENCH_COMPARE_FIRST === 'before';
  const targets: Target[] = routes.flatMap(([name, route, goal]): Target[] => {
    const now: Target = { name, url: `${product.base}${route}`, options: { headers }, goal, pid: product.pid };
    if (!before) return [now];
    const then: Target = {
      name: `before: ${name}`,
      url: `${before.base}${route}`,
      options: { headers: { ...headers, authorization: `Bearer ${before.token}` } },
      pid: before.pid,
    };
    return beforeFirst ? [then, now] : [now, then];
  });
  if (floor) {
    targets.splice(1, 0, {
      name: 'floor: user/info with nothing around it',
      url: floor.info.url,
      options: { headers },
      pid: floor.child.pid,
    });
  }
  await compareWithBare('authorized API', baseline, targets);
} finally {
  await floor?.close();
  await product.close();
  await before?.close();
  await baseline.close();
}
