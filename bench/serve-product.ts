/**
 * The product alone in its own process, for benchmarks that keep the load generator out of the server's event
 * loop: prints `{ base, code }` as one JSON line once listening, closes on SIGTERM.
 * Usage: `tsx serve-product.ts [NORMAL|FULL]` (the SQLite synchronous setting; the app's own when omitted).
 */
import { receivePromotionCode, startProduct } from './support.js';

const mode = process.argv[2];
const product = await startProduct({
  sqliteSynchronous: mode === 'NORMAL' || mode === 'FULL' ? mode : undefined,
});
const code = await receivePromotionCode(product);
process.stdout.write(`${JSON.stringify({ base: product.base, code })}\n`);
process.once('SIGTERM', () => {
  void product.close().then(() => process.exit(0));
});
