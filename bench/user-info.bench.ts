/** `GET /agent/v1/user/info` (vendor check, token lookup, agent read, zod serialization) beside a bare route. */
import { measure, report, startBaseline, startProduct } from './support.js';

const baseline = await startBaseline();
const product = await startProduct();
try {
  const bare = await measure('bare Fastify route', baseline.url);
  const info = await measure('GET /agent/v1/user/info', `${product.base}/agent/v1/user/info`, {
    headers: { vendor: 'default', authorization: `Bearer ${product.token}` },
  });
  report('user info', [bare, info]);
} finally {
  await product.close();
  await baseline.close();
}
