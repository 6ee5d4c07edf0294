/**
 * The baseline: a bare Fastify route answering an envelope, alone in its own process. Prints `{ url }` as one JSON
 * line once listening; closes on SIGTERM.
 */
import Fastify from 'fastify';

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ code: 0, msg: 'ok', body: { hello: 'world' } }));
const address = await bare.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: `${address}/bare` })}\n`);
process.once('SIGTERM', () => {
  void bare.close().then(() => process.exit(0));
});
