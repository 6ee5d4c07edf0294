/**
 * The authorized API beside a bare Fastify route, each in its own process with the load generator in a third:
 * `user/info` (token → session → agent, points, payees), and the lists a creator opens most.
 */
import { compareWithBare, startBaseline, startProductProcess } from './support.js';

const baseline = await startBaseline();
const product = await startProductProcess();
try {
  const headers = { vendor: 'default', authorization: `Bearer ${product.token}` };
  const routes: Array<[string, string, number]> = [
    ['GET /agent/v1/user/info', '/agent/v1/user/info', 0.5],
    ['GET /agent/v1/task/page', '/agent/v1/task/page?task_type=1&sort=total_income&page_size=12', 0.25],
    ['GET /agent/v1/credit/detail', '/agent/v1/credit/detail?page=1&page_size=10', 0.25],
    ['GET /agent/v1/sett/order/page', '/agent/v1/sett/order/page?page=1&page_size=10', 0.25],
  ];
  await compareWithBare(
    'authorized API',
    baseline.url,
    routes.map(([name, route, goal]) => ({ name, url: `${product.base}${route}`, options: { headers }, goal })),
  );
} finally {
  await product.close();
  await baseline.close();
}
