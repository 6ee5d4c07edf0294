/**
 * The fake AI services as a process of their own (the end-to-end suite starts it beside the product): listens on
 * 127.0.0.1:FAKE_AI_PORT and answers `/health` once ready.
 */
import { startFakeAiServer } from './fake-ai-server.js';

const port = Number(process.env.FAKE_AI_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FAKE_AI_PORT must name a port');
const server = await startFakeAiServer({ port });
process.stdout.write(`fake AI services at ${server.baseUrl}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
