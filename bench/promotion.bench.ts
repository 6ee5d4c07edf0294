/**
 * The public hot paths of promotion: `GET /s/{code}` (records the click in a transaction, counts it once per
 * visitor per 24 h, redirects) and `GET /agent/v1/task/page` (catalogue join, sort, page), beside a bare route.
 */
import { measure, receivePromotionCode, report, startBaseline, startProduct } from './support.js';

const baseline = await startBaseline();
const product = await startProduct();
try {
  const code = await receivePromotionCode(product);

  const bare = await measure('bare Fastify route', baseline.url);
  const shortLink = await measure(`GET /s/${code}`, `${product.base}/s/${code}`, { expectStatus: 302 });
  const taskPage = await measure(
    'GET /agent/v1/task/page',
    `${product.base}/agent/v1/task/page?task_type=1&sort=total_income&page_size=12`,
    { headers: { vendor: 'default' } },
  );
  report('promotion hot paths', [bare, shortLink, taskPage]);
} finally {
  await product.close();
  await baseline.close();
}
