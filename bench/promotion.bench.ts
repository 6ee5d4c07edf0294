/**
 * The promotion link a viral post sends its visitors to: `GET /s/{code}` (the visit recorded, counted once per
 * visitor per 24 h, 302 to the landing page) beside a bare Fastify route; each in its own process, the load
 * generator in a third.
 */
import { compareWithBare, startBaseline, startProductProcess } from './support.js';

const baseline = await startBaseline();
const product = await startProductProcess();
try {
  await compareWithBare('promotion link', baseline, [
    {
      name: 'GET /s/{code}',
      url: `${product.base}/s/${product.code}`,
      options: { expectStatus: 302 },
      goal: 0.6,
      pid: product.pid,
    },
  ]);
} finally {
  await product.close();
  await baseline.close();
}
