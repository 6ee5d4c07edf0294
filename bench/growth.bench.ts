/**
 * Cost stays flat as data grows: every list and figure a creator opens, timed on the demo data and again on a
 * database holding 1 000 000 visits, 100 000 receipts, 100 000 ledger rows and 100 000 share orders (most of them the
 * measured creator's, see `serve-growth.ts`). Each server runs in its own process; requests are sequential (one
 * connection), so the figure is the time one answer takes. Goal: large ≤ 2× small.
 */
import { serve } from './support.js';

const ROUTES = [
  '/agent/v1/user/info',
  '/agent/v1/credit/total',
  '/agent/v1/credit/detail?page=1&page_size=10',
  '/agent/v1/credit/detail?page=500&page_size=10',
  '/agent/v1/credit/detail?page=1&page_size=10&type=2',
  '/agent/v1/task/page?task_type=1&sort=total_income&page_size=12',
  '/agent/v1/task/my_task?page_num=1&page_size=10',
  '/agent/v1/task/overview',
  '/agent/v1/sett/order/page?page_num=1&page_size=10',
  '/agent/v1/sett/order/aggr',
  '/agent/v1/sett/order/aggregation',
  '/agent/v1/sett/daily/page?page_num=1&page_size=10',
  '/agent/v1/sett/cash_out/page?page_num=1&page_size=10',
  '/agent/v1/team/page?page_num=1&page_size=10',
  '/agent/v1/team/summary',
];
const REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 100);

interface Timing {
  median: number;
  p95: number;
  status: number;
}

async function time(base: string, token: string, route: string): Promise<Timing> {
  const headers = { vendor: 'default', authorization: `Bearer ${token}` };
  let status = 0;
  for (let i = 0; i < 10; i++) status = (await (await fetch(base + route, { headers })).arrayBuffer(), 200);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(base + route, { headers });
    const body = (await response.json()) as { code: number };
    samples.push(performance.now() - started);
    status = response.status === 200 && body.code === 0 ? 200 : response.status || -1;
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.floor(samples.length * 0.95)]!, status };
}

async function measureAll(size: 'small' | 'large'): Promise<Map<string, Timing>> {
  const started = performance.now();
  const product = await serve<{ base: string; token: string }>('serve-growth.ts', [size]);
  console.log(`${size}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const timings = new Map<string, Timing>();
    for (const route of ROUTES) timings.set(route, await time(product.info.base, product.info.token, route));
    return timings;
  } finally {
    await product.close();
  }
}

const small = await measureAll('small');
const large = await measureAll('large');
console.log(
  `\ngrowth — ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ${REQUESTS} sequential requests each`,
);
let failed = false;
console.table(
  ROUTES.map((route) => {
    const s = small.get(route)!;
    const l = large.get(route)!;
    const ratio = l.median / s.median;
    if (s.status !== 200 || l.status !== 200) failed = true;
    return {
      route,
      'small ms': s.median.toFixed(2),
      'large ms': l.median.toFixed(2),
      'large p95': l.p95.toFixed(2),
      ratio: ratio.toFixed(2),
      goal: ratio <= 2 ? '≤ 2 ✓' : '≤ 2 ✗',
      status: `${s.status}/${l.status}`,
    };
  }),
);
if (failed) {
  console.error('✖ some answers were not 200 with code 0');
  process.exitCode = 1;
}
