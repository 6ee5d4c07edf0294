/**
 * The product alone in its own process, so that the load generator stays out of the server's event loop: prints
 * `{ base, code, token, agentId, databaseFile }` as one JSON line once listening (an agent's token and a promotion code it received),
 * closes on SIGTERM. Usage: `tsx serve-product.ts [NORMAL|FULL]` (the SQLite synchronous setting; the app's own
 * when omitted). On PostgreSQL with `BENCH_DATABASE_URL`.
 */
import { receivePromotionCode, startProduct } from './support.js';

const mode = process.argv[2];
const product = await startProduct({
  sqliteSynchronous: mode === 'NORMAL' || mode === 'FULL' ? mode : undefined,
});
const code = await receivePromotionCode(product);
const { base, token, agentId, databaseFile } = product;
process.stdout.write(`${JSON.stringify({ base, code, token, agentId, databaseFile })}\n`);
process.once('SIGTERM', () => {
  void product.close().then(() => process.exit(0));
});
