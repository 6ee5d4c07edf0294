/** The AI services as the tools see them: which tools they allow (`GET /ai/v1/tools`), and the record of each call. */
import type { ToolInfo } from '@cc/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiServer, type FakeAiServer } from '../../../test/fake-ai-server.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { AiServiceError } from '../../providers/ai/ai-http.js';

async function toolList(ctx: TestContext) {
  const { json } = await call(ctx.app, { method: 'GET', url: '/ai/v1/tools' });
  const tools = json.body.data as ToolInfo[];
  return Object.fromEntries(tools.map((t) => [t.id, { available: t.available, reason: t.unavailable_reason }]));
}

describe(`AI tools without AI services (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists the video tools as available and names the missing service of each tool that needs one', async () => {
    expect(await toolList(ctx)).toEqual({
      mixcut: { available: true, reason: null },
      commentary: { available: false, reason: '解说文案服务未配置，请联系运营' },
      translate: { available: false, reason: '翻译服务未配置，请联系运营' },
      dedup: { available: true, reason: null },
      media: { available: true, reason: null },
      publish: { available: false, reason: '即将上线' },
    });
    expect(ctx.services.ai.configured).toEqual({ llm: false, asr: false, tts: false });
    expect(ctx.services.ai.voices().every((voice) => voice.builtin)).toBe(true);
  });
});

describe(`AI tools with AI services (a local fake server, ${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let server: FakeAiServer;
  beforeAll(async () => {
    server = await startFakeAiServer({ apiKey: 'sk-fake' });
    const service = (prefix: 'LLM' | 'ASR' | 'TTS', model: string) => ({
      [`${prefix}_BASE_URL`]: server.baseUrl,
      [`${prefix}_API_KEY`]: 'sk-fake',
      [`${prefix}_MODEL`]: model,
    });
    ctx = await createTestApp({
      ...service('LLM', 'deepseek-chat'),
      ...service('ASR', 'whisper-1'),
      ...service('TTS', 'kokoro'),
      LLM_RETRIES: '1',
      AI_RETRY_BASE_MS: '10',
      TTS_VOICES: 'zf_xiaobei:晓贝',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('no longer names a missing service: translate is available, the tools not built yet are only coming soon', async () => {
    const tools = await toolList(ctx);
    expect(tools.translate).toEqual({ available: true, reason: null });
    expect(tools.commentary).toEqual({ available: true, reason: null });
    expect(tools.mixcut).toEqual({ available: true, reason: null });
    expect(ctx.services.ai.configured).toEqual({ llm: true, asr: true, tts: true });
    expect(ctx.services.ai.voices()[0]).toEqual({ id: 'zf_xiaobei', name: '晓贝', builtin: false });
  });

  it("records each call's usage by creator and job, a failed one too, and keeps it when the job row goes", async () => {
    const { json } = await loginAs(ctx, nextPhone());
    const info = await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token: json.body.access_token });
    const agentId = info.json.body.agent_id as number;
    const db = ctx.database.db;
    // A job row as the tool service writes it, so the record has a job to belong to.
    await sql`insert into tool_jobs (agent_id, tool, status, price, charged, media_ids, config, agent_seq, created_at, updated_at)
      values (${agentId}, 'translate', 'running', 0, 1, '[]', '{}', 1, 1000, 1000)`.execute(db);
    const job = await db.selectFrom('tool_jobs').select('id').where('agent_id', '=', agentId).executeTakeFirstOrThrow();
    const jobId = Number(job.id);
    const { ai, aiUsage } = ctx.services;
    const context = { agentId, toolJobId: jobId };

    const answer = await aiUsage.track(context, () =>
      ai.llm!.chat({ messages: [{ role: 'user', content: '你好，世界' }] }),
    );
    expect(answer.text).toBe('[fake] hello, world');
    server.failNext(2, 500);
    const failed = await aiUsage
      .track(context, () => ai.llm!.chat({ messages: [{ role: 'user', content: '再见' }] }))
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AiServiceError);
    await aiUsage.track({ agentId }, () =>
      ai.speak({ text: '大家好', voice: 'espeak:zh', format: 'wav', out: `${ctx.config.dataDir}/a.wav` }),
    );

    const rows = await aiUsage.forJob(jobId);
    expect(
      rows.map(({ provider, model, unit, units, input_units, output_units, attempts, ok }) => ({
        provider,
        model,
        unit,
        units,
        input_units,
        output_units,
        attempts,
        ok,
      })),
    ).toEqual([
      {
        provider: 'llm',
        model: 'deepseek-chat',
        unit: 'tokens',
        units: answer.usage.units,
        input_units: answer.usage.inputUnits,
        output_units: answer.usage.outputUnits,
        attempts: 1,
        ok: 1,
      },
      {
        provider: 'llm',
        model: 'deepseek-chat',
        unit: 'tokens',
        units: 0,
        input_units: null,
        output_units: null,
        attempts: 2,
        ok: 0,
      },
    ]);
    expect(rows[1]!.error).toContain('answered 500');
    expect(rows.every((row) => Number(row.agent_id) === agentId && row.created_at === ctx.clock.now())).toBe(true);

    const outsideJobs = await db.selectFrom('ai_usage').selectAll().where('tool_job_id', 'is', null).execute();
    expect(outsideJobs.map((row) => [row.provider, row.units, row.ok])).toEqual([['espeak', 3, 1]]);

    await db.deleteFrom('tool_jobs').where('id', '=', jobId).execute();
    const kept = await db.selectFrom('ai_usage').select(['tool_job_id']).where('agent_id', '=', agentId).execute();
    expect(kept.map((row) => row.tool_job_id)).toEqual([null, null, null]);
  });
});
