/**
 * The promotion link a viral post sends its visitors to: `GET /s/{code}` (the visit recorded, counted once per
 * visitor per 24 h, 302 to the landing page) beside a bare Fastify route; each in its own process, the load
 * generator in a third.
 */
import { measure, report, startBaseline, startProductProcess } from './support.js';

const baseline = await startBaseline();
const product = await startProductProcess();
try {
  const bare = await measure('bare Fastify route', baseline.url);
  const name = 'GET /s/{code}';
  const shortLink = await measure(name, `${product.base}/s/${product.code}`, { expectStatus: 302 });
  report('promotion link', [bare, shortLink], { [name]: 0.6 });
} finally {
  await product.close();
  await baseline.close();
}
