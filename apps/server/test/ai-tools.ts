/**
 * Setup the AI tool tests share: an app whose chosen AI services (language, recognition, voice) point at the fake AI
 * server, with a fast job queue, and a logged-in creator holding a number of bought points.
 */
import type { Env } from '../src/config.js';
import { CreditRepository } from '../src/modules/credit/credit.repository.js';
import { CreditService } from '../src/modules/credit/credit.service.js';
import type { FakeAiServer } from './fake-ai-server.js';
import { call, createTestApp, loginAs, nextPhone, type TestContext } from './test-app.js';

export type AiService = 'LLM' | 'ASR' | 'TTS';

const MODELS: Record<AiService, string> = { LLM: 'deepseek-chat', ASR: 'whisper-1', TTS: 'kokoro' };

/**
 * An app with `services` configured against `server` (the others left out, as on a site without them), retries a few
 * milliseconds apart, jobs polled every 20 ms, and `env` on top (prices, retries, voices, the video preset).
 */
export function aiToolsApp(
  server: FakeAiServer,
  services: AiService[],
  env: Partial<Record<keyof Env, string>> = {},
): Promise<TestContext> {
  const configured: Partial<Record<keyof Env, string>> = { AI_RETRY_BASE_MS: '10' };
  for (const prefix of services) {
    configured[`${prefix}_BASE_URL`] = server.baseUrl;
    configured[`${prefix}_MODEL`] = MODELS[prefix];
  }
  return createTestApp({ ...configured, ...env }, { jobs: { pollMs: 20, leaseMs: 5_000 } });
}

/** A freshly logged-in creator granted `points` bought points (none when 0), and a way to read their balance. */
export async function creatorWithPoints(ctx: TestContext, points: number) {
  const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
  const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token });
  const agentId = info.json.body.agent_id as number;
  const credits = new CreditService(ctx.database, new CreditRepository(ctx.database.db), ctx.clock);
  if (points > 0) await credits.grant(agentId, { kind: 2, amount: points, title: '测试购买', key: `t-${agentId}` });
  return { token, agentId, balance: async () => (await credits.totals(agentId)).total };
}
