import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, type ToolJob } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creatorWithPoints } from '../../../test/ai-tools.js';
import { expectBooksBalanced } from '../../../test/books.js';
import { makeClip, uploadToLibrary } from '../../../test/media-fixtures.js';
import { call, createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { liveMediaProcesses } from '../../providers/media/ffmpeg-process.js';

describe(`video tool jobs (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let clip: string;
  let longClip: string;

  beforeAll(async () => {
    ctx = await createTestApp(
      { TOOL_PRICE_DEDUP: '2,3', TOOL_PRICE_MIXCUT: '10,5' },
      { jobs: { pollMs: 20, leaseMs: 5_000 } },
    );
    clip = makeClip('tool-a.mp4', { seconds: 3 });
    longClip = makeClip('tool-long.mp4', { seconds: 40, size: '640x360' });
    await ctx.services.jobs.start();
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(async () => {
    await ctx.close();
  });

  const creator = (points = 0) => creatorWithPoints(ctx, points);

  const dedupBody = (mediaIds: number[], options = ['flip', 'speed'], outputCount = 1) => ({
    tool: 'dedup',
    media_ids: mediaIds,
    config: { options, output_count: outputCount },
  });

  async function run(token: string, body: unknown, key?: string) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/ai/v1/jobs',
      headers: { vendor: 'default', authorization: `Bearer ${token}`, ...(key && { 'idempotency-key': key }) },
      payload: body as object,
    });
    return response.json() as { code: number; msg: string; body: { job_id: string; price: number } };
  }

  async function job(token: string, id: string): Promise<ToolJob> {
    return (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${id}`, token })).json.body as ToolJob;
  }

  async function settled(token: string, id: string, timeout = 60_000): Promise<ToolJob> {
    await expect
      .poll(async () => (await job(token, id)).status, { timeout, interval: 100 })
      .toMatch(/^(succeeded|failed|cancelled)$/);
    return job(token, id);
  }

  const toolJobCount = async (agentId: number) =>
    Number(
      (
        await ctx.database.db
          .selectFrom('tool_jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('agent_id', '=', agentId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * Kills the process group of the ffmpeg rendering this job (its scratch folder is in its arguments), found among
   * the processes this test's own server started, never by name; true once one was killed.
   */
  function killFfmpegOf(jobId: string): boolean {
    const scratch = path.join(ctx.config.tool.workDir, `job-${jobId}-`);
    const mine = liveMediaProcesses().filter((p) => p.args.some((arg) => arg.includes(scratch)));
    for (const { pid } of mine) process.kill(-pid, 'SIGKILL');
    return mine.length > 0;
  }

  it('lists the six nav tools with prices and limits; the tools not built yet are coming soon', async () => {
    const { json } = await call(ctx.app, { method: 'GET', url: '/ai/v1/tools' });
    const tools = json.body.data as { id: string; status: string; price: { per_output: number } }[];
    expect(tools.map((t) => t.id)).toEqual(['mixcut', 'commentary', 'translate', 'dedup', 'media', 'publish']);
    expect(Object.fromEntries(tools.map((t) => [t.id, t.status]))).toMatchObject({
      dedup: 'available',
      mixcut: 'available',
      media: 'available',
      commentary: 'available',
      publish: 'coming_soon',
    });
    expect(tools.find((t) => t.id === 'dedup')!.price).toEqual({ per_output: 2, per_minute: 3 });
  });

  it('refuses a run the balance cannot pay with its Chinese message: nothing queued, nothing spent', async () => {
    const c = await creator(4);
    const mediaId = await uploadToLibrary(ctx, c.token, clip);
    const quote = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body: dedupBody([mediaId]) });
    expect(quote.json.body).toEqual({ price: 5, outputs: 1, minutes: 1, per_output: 2, per_minute: 3 });
    const refused = await run(c.token, dedupBody([mediaId]));
    expect(refused.code).toBe(ErrorCode.insufficientPoints);
    expect(refused.msg).toBe('您账户上积分余额不足，请充值后重试');
    expect(await toolJobCount(c.agentId)).toBe(0);
    expect(await c.balance()).toBe(4);
    const jobs = await call(ctx.app, { method: 'GET', url: '/ai/v1/jobs', token: c.token });
    expect(jobs.json.body.page.total_count).toBe(0);
  });

  it('de-duplicates with two options: live stages, outputs in the library linked to the job, similarity measured', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, clip, { name: '第1集 %E4 100%.mp4' });
    const created = await run(c.token, dedupBody([mediaId], ['flip', 'speed'], 2));
    expect(created.code, created.msg).toBe(0);
    expect(created.body.price).toBe(2 * 2 + 2 * 3);
    expect(await c.balance()).toBe(90);

    const done = await settled(c.token, created.body.job_id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, stage: '已完成', tool: 'dedup' });
    expect(done.logs.join('\n')).toMatch(/\d\d:\d\d:\d\d 去重处理 第 1\/2 个/);
    expect(done.logs.join('\n')).toMatch(/第 2\/2 个完成：综合相似度 \d+%/);
    expect(done.logs.at(-1)).toMatch(/已完成$/);
    expect(done.outputs).toHaveLength(2);
    for (const output of done.outputs) {
      expect(output.source_media_id).toBe(mediaId);
      expect(output.similarity).toBeGreaterThanOrEqual(0);
      expect(output.similarity).toBeLessThan(1);
      expect(output.similarity_note).toMatch(/相似度/);
      // Speed 1.05–1.15×: a 3 s source gives about 2.6–2.9 s.
      expect(output.duration).toBeGreaterThan(2.4);
      expect(output.duration).toBeLessThan(3);
      const file = await ctx.app.inject({
        method: 'GET',
        url: new URL(output.url, 'http://x').pathname + new URL(output.url, 'http://x').search,
        headers: { range: 'bytes=0-99' },
      });
      expect(file.statusCode).toBe(206);
    }
    const library = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?kind=output', token: c.token });
    expect(library.json.body.data.map((m: { job_id: string }) => m.job_id)).toEqual([
      created.body.job_id,
      created.body.job_id,
    ]);
    expect(await c.balance()).toBe(90);
  });

  it('charges once when the same run is sent twice at once and again later (Idempotency-Key)', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, clip);
    const key = `req-${c.agentId}-0001`;
    const [a, b] = await Promise.all([
      run(c.token, dedupBody([mediaId]), key),
      run(c.token, dedupBody([mediaId]), key),
    ]);
    const again = await run(c.token, dedupBody([mediaId]), key);
    expect(a.code, a.msg).toBe(0);
    expect(b.body.job_id).toBe(a.body.job_id);
    expect(again.body.job_id).toBe(a.body.job_id);
    expect(await c.balance()).toBe(95);
    expect(await toolJobCount(c.agentId)).toBe(1);
    await settled(c.token, a.body.job_id);
  });

  it('marks an output still above the similarity goal 未达标 and gives its points back, once', async () => {
    const c = await creator(100);
    // A flip alone cannot be pushed further, and a picture that is its own mirror image stays the same video.
    const mediaId = await uploadToLibrary(
      ctx,
      c.token,
      makeClip('tool-flat.mp4', { seconds: 3, source: 'color', audio: false }),
    );
    const created = await run(c.token, dedupBody([mediaId], ['flip'], 2));
    expect(created.body.price).toBe(2 * (2 + 3));
    const done = await settled(c.token, created.body.job_id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.outputs).toHaveLength(2);
    for (const output of done.outputs) {
      expect(output.similarity).toBeGreaterThan(0.75);
      expect(output).toMatchObject({ below_goal: true, refunded_points: 5 });
    }
    expect(done.logs.join('\n')).toMatch(/第 2\/2 个未达标，已退还 5 积分/);
    expect(new Set(done.outputs.map((o) => o.name)).size).toBe(2);
    expect(await c.balance()).toBe(100);
    const points = await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/detail?type=1', token: c.token });
    expect(points.json.body.data.map((r: { title: string }) => r.title)).toContain('批量去重成片未达标，退还积分');
    // The run's own refund would give back only what is left: nothing.
    await ctx.services.tools.refund(
      { id: Number(created.body.job_id), agent_id: c.agentId, tool: 'dedup', price: 10 },
      'failed',
    );
    expect(await c.balance()).toBe(100);
  });

  it('cancels a queued job at once and a running one by stopping ffmpeg: outputs removed, points back', async () => {
    const c = await creator(200);
    const longId = await uploadToLibrary(ctx, c.token, longClip);
    const first = await run(c.token, dedupBody([longId], ['common', 'pip', 'effect'], 3));
    const second = await run(c.token, dedupBody([longId], ['flip'], 1));
    expect(await c.balance()).toBe(200 - first.body.price - second.body.price);
    // The first is running (one ffmpeg at a time); the second waits behind it.
    await expect.poll(async () => (await job(c.token, first.body.job_id)).status, { timeout: 20_000 }).toBe('running');
    const queued = await call(ctx.app, { url: `/ai/v1/jobs/${second.body.job_id}/cancel`, token: c.token });
    expect(queued.json.body).toMatchObject({ status: 'cancelled', stage: '已取消' });

    await expect
      .poll(async () => (await job(c.token, first.body.job_id)).progress, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const cancelled = await call(ctx.app, { url: `/ai/v1/jobs/${first.body.job_id}/cancel`, token: c.token });
    expect(cancelled.json.code).toBe(0);
    const ended = await settled(c.token, first.body.job_id, 10_000);
    expect(ended.status).toBe('cancelled');
    expect(ended.outputs).toEqual([]);
    expect(ended.logs.at(-1)).toMatch(/已取消，积分已退还$/);
    expect(killFfmpegOf(first.body.job_id)).toBe(false);
    expect(await c.balance()).toBe(200);
    const outputs = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?kind=output', token: c.token });
    expect(outputs.json.body.page.total_count).toBe(0);
    const again = await call(ctx.app, { url: `/ai/v1/jobs/${first.body.job_id}/cancel`, token: c.token });
    expect(again.json.code).toBe(ErrorCode.toolJobNotCancellable);
    const points = await call(ctx.app, { method: 'GET', url: '/agent/v1/credit/detail?type=1', token: c.token });
    expect(points.json.body.data.map((r: { title: string }) => r.title)).toContain('批量去重任务取消，退还积分');
  });

  it('prices and renders what the file really decodes: repeating timestamps cannot buy a longer output', async () => {
    const c = await creator(100);
    const segment = fs.readFileSync(makeClip('tool-repeat-once.ts', { seconds: 12, size: '96x64' }));
    // One segment three times over: timestamps run 0–12 s thrice, the container says 12 s, the frames add up to 36 s.
    const repeated = path.join(os.tmpdir(), `cc-repeat-${process.pid}.ts`);
    fs.writeFileSync(repeated, Buffer.concat([segment, segment, segment]));
    const mediaId = await uploadToLibrary(ctx, c.token, repeated, { name: 'repeat.ts' });
    fs.rmSync(repeated);
    const item = (await call(ctx.app, { method: 'GET', url: `/ai/v1/media/${mediaId}`, token: c.token })).json.body;
    expect(item.duration).toBeLessThan(12.5);
    const created = await run(c.token, dedupBody([mediaId], ['flip']));
    expect(created.body.price).toBe(2 + 3);
    const done = await settled(c.token, created.body.job_id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.outputs[0]!.duration).toBeLessThanOrEqual(item.duration + 0.5);
  });

  it('a job whose ffmpeg dies fails with a Chinese reason, leaves no output and refunds its points', async () => {
    const c = await creator(100);
    const longId = await uploadToLibrary(ctx, c.token, longClip);
    const created = await run(c.token, dedupBody([longId], ['scale', 'frame'], 2));
    await expect.poll(() => killFfmpegOf(created.body.job_id), { timeout: 30_000, interval: 100 }).toBe(true);
    const ended = await settled(c.token, created.body.job_id);
    expect(ended.status).toBe('failed');
    expect(ended.error).toMatch(/积分已退还/);
    expect(ended.outputs).toEqual([]);
    expect(await c.balance()).toBe(100);
    const outputs = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?kind=output', token: c.token });
    expect(outputs.json.body.page.total_count).toBe(0);
  });

  it("another creator can neither read, stream, cancel nor plan with someone's job and media", async () => {
    const owner = await creator(100);
    const other = await creator(100);
    const mediaId = await uploadToLibrary(ctx, owner.token, clip);
    const created = await run(owner.token, dedupBody([mediaId]));
    for (const [method, url] of [
      ['GET', `/ai/v1/jobs/${created.body.job_id}`],
      ['GET', `/ai/v1/jobs/${created.body.job_id}/events`],
      ['POST', `/ai/v1/jobs/${created.body.job_id}/cancel`],
    ] as const) {
      const answer = await call(ctx.app, { method, url, token: other.token });
      expect(answer.json.code, url).toBe(ErrorCode.toolJobNotFound);
    }
    const stolen = await run(other.token, dedupBody([mediaId]));
    expect(stolen.code).toBe(ErrorCode.mediaNotFound);
    expect(await other.balance()).toBe(100);
    const list = await call(ctx.app, { method: 'GET', url: '/ai/v1/jobs', token: other.token });
    expect(list.json.body.data).toEqual([]);
    await settled(owner.token, created.body.job_id);
  });

  it('streams the job as server-sent events until it ends', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, clip);
    const created = await run(c.token, dedupBody([mediaId], ['rotate']));
    const stream = await ctx.app.inject({
      method: 'GET',
      url: `/ai/v1/jobs/${created.body.job_id}/events`,
      headers: { vendor: 'default', authorization: `Bearer ${c.token}` },
    });
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    // The stream writes its own head; the API's security headers go out with it all the same.
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const events = stream.body
      .split('\n\n')
      .filter((block) => block.startsWith('event: job'))
      .map((block) => JSON.parse(block.split('\ndata: ')[1]!) as ToolJob);
    expect(events.length).toBeGreaterThan(1);
    expect(events.at(-1)!.status).toBe('succeeded');
    expect(events.at(-1)!.outputs).toHaveLength(1);
  });

  it('refuses unbuilt tools, unknown options and wrong types with Chinese messages, charging nothing', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, clip);
    const cases: [unknown, RegExp][] = [
      [{ tool: 'publish', media_ids: [mediaId], config: {} }, /工具不存在或暂未上线/],
      [dedupBody([mediaId], ['blur']), /去重选项不正确/],
      [dedupBody([mediaId], []), /请至少选择一种去重方式/],
      [{ ...dedupBody([mediaId]), config: { options: ['flip'], output_count: 11 } }, /输出数量不能超过10/],
      [{ ...dedupBody([mediaId]), media_ids: 'x' }, /素材/],
      [{ ...dedupBody([]) }, /请至少选择一个素材/],
      [{ tool: 'mixcut', media_ids: [mediaId], config: { cut_duration: 60 } }, /剪辑时长不正确/],
      [{ tool: 'mixcut', media_ids: [mediaId], config: { watermark: '水'.repeat(21) } }, /水印文字不能超过20个字/],
    ];
    for (const [body, message] of cases) {
      const answer = await run(c.token, body);
      expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.validation);
      expect(answer.msg).toMatch(message);
    }
    expect(await c.balance()).toBe(100);
    expect(await toolJobCount(c.agentId)).toBe(0);
  });

  it('keeps a medium a live job uses from being deleted', async () => {
    const c = await creator(200);
    const longId = await uploadToLibrary(ctx, c.token, longClip);
    const created = await run(c.token, dedupBody([longId], ['common'], 2));
    const refused = await call(ctx.app, { url: `/ai/v1/media/${longId}/delete`, token: c.token });
    expect(refused.json.code).toBe(ErrorCode.mediaInUse);
    await call(ctx.app, { url: `/ai/v1/jobs/${created.body.job_id}/cancel`, token: c.token });
    await settled(c.token, created.body.job_id);
    const deleted = await call(ctx.app, { url: `/ai/v1/media/${longId}/delete`, token: c.token });
    expect(deleted.json.code).toBe(0);
  });

  it('plans a mixed cut (analysing, then timelines), refuses a timeline outside its media, runs a reviewed one', async () => {
    const c = await creator(500);
    const a = await uploadToLibrary(ctx, c.token, makeClip('ep1.mp4', { seconds: 40, source: 'testsrc2' }));
    const b = await uploadToLibrary(
      ctx,
      c.token,
      makeClip('ep2.mp4', { seconds: 40, source: 'mandelbrot', frequency: 880 }),
    );
    const body = { media_ids: [a, b], config: { cut_duration: 90, cut_type: 'high_mixed', script_count: 2 } };
    const first = await call(ctx.app, { url: '/ai/v1/mixcut/plan', token: c.token, body });
    expect(first.json.body.status).toBe('analyzing');
    let plan: {
      status: string;
      range: { min: number; max: number };
      scripts: { duration: number; clips: { media_id: number; start: number; end: number }[] }[];
    } = first.json.body;
    await expect
      .poll(
        async () => {
          plan = (await call(ctx.app, { url: '/ai/v1/mixcut/plan', token: c.token, body })).json.body;
          return plan.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('ready');
    expect(plan.range).toEqual({ min: 60, max: 90 });
    expect(plan.scripts).toHaveLength(2);
    for (const script of plan.scripts) {
      expect(script.duration).toBeGreaterThanOrEqual(60);
      expect(script.duration).toBeLessThanOrEqual(90);
    }

    const outside = await run(c.token, {
      tool: 'mixcut',
      media_ids: [a],
      config: { scripts: [{ clips: [{ media_id: a, start: 30, end: 45 }] }] },
    });
    expect(outside.code).toBe(ErrorCode.toolTimelineInvalid);

    // The creator drops all but two clips and swaps them.
    const clips = plan.scripts[0]!.clips.slice(0, 2).reverse();
    const reviewed = await run(c.token, {
      tool: 'mixcut',
      media_ids: [a, b],
      config: { scripts: [{ clips }], watermark_switch: true, watermark: "100% 独家:'\\", deduplication: ['mirror'] },
    });
    expect(reviewed.code, reviewed.msg).toBe(0);
    const done = await settled(c.token, reviewed.body.job_id, 120_000);
    expect(done.status, done.error).toBe('succeeded');
    const expected = clips.reduce((sum, clip) => sum + clip.end - clip.start, 0);
    expect(done.outputs).toHaveLength(1);
    expect(Math.abs(done.outputs[0]!.duration - expected)).toBeLessThan(0.3);
  });

  it('refuses, before charging and with the figures, a cut duration the material cannot reach; auto fits it', async () => {
    const c = await creator(500);
    const short = await uploadToLibrary(ctx, c.token, makeClip('short.mp4', { seconds: 20, source: 'testsrc2' }));
    const body = (cutDuration: number | 'auto') => ({
      tool: 'mixcut',
      media_ids: [short],
      config: { cut_duration: cutDuration, cut_type: 'high_cut', script_count: 1 },
    });
    // Not analysed yet: judged by the whole length.
    const quoted = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body: body(90) });
    expect(quoted.json.code).toBe(ErrorCode.toolMaterialTooShort);
    expect(quoted.json.msg).toBe('素材可用时长约 20 秒，不足以剪出 60~90 秒的成片，请添加素材或选择"自动"');
    const refused = await run(c.token, body(90));
    expect(refused.code).toBe(ErrorCode.toolMaterialTooShort);
    expect(await c.balance()).toBe(500);

    // Analysed: judged by what is usable, and the plan says so as well.
    const planBody = { media_ids: [short], config: { cut_duration: 'auto', cut_type: 'high_cut', script_count: 1 } };
    await expect
      .poll(
        async () =>
          (await call(ctx.app, { url: '/ai/v1/mixcut/plan', token: c.token, body: planBody })).json.body.status,
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toBe('ready');
    const analysed = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body: body(150) });
    expect(analysed.json.code).toBe(ErrorCode.toolMaterialTooShort);
    expect(analysed.json.msg).toMatch(/^素材可用时长约 (1\d|20) 秒，不足以剪出 120~150 秒的成片/);
    const planned = await call(ctx.app, {
      url: '/ai/v1/mixcut/plan',
      token: c.token,
      body: { ...planBody, config: { ...planBody.config, cut_duration: 90 } },
    });
    expect(planned.json.code).toBe(ErrorCode.toolMaterialTooShort);
    const auto = await call(ctx.app, { url: '/ai/v1/jobs/quote', token: c.token, body: body('auto') });
    expect(auto.json.code, auto.json.msg).toBe(0);
  });

  it('the sweep fails and refunds a running job nobody moves once its engine job has given up', async () => {
    const c = await creator(100);
    const mediaId = await uploadToLibrary(ctx, c.token, clip);
    await ctx.services.jobs.stop();
    try {
      const created = await run(c.token, dedupBody([mediaId]));
      const id = Number(created.body.job_id);
      // A worker took it and died for good: the row says running, the engine's job has failed.
      await ctx.database.db
        .updateTable('tool_jobs')
        .set({ status: 'running', started_at: ctx.clock.now() })
        .where('id', '=', id)
        .execute();
      await ctx.database.db
        .updateTable('jobs')
        .set({ status: 'failed', last_error: 'lease lost' })
        .where('idempotency_key', '=', `tool-job:${id}`)
        .execute();
      expect(await ctx.services.tools.sweep(60 * 60_000)).toBe(0);
      ctx.clock.advance(4 * 60_000);
      expect(await ctx.services.tools.sweep(60 * 60_000)).toBe(1);
      const ended = await job(c.token, created.body.job_id);
      expect(ended).toMatchObject({ status: 'failed', error: '处理中断（工作进程失联），积分已退还' });
      expect(await c.balance()).toBe(100);
      expect(await ctx.services.tools.sweep(60 * 60_000)).toBe(0);
      expect(await c.balance()).toBe(100);
    } finally {
      await ctx.services.jobs.start();
    }
  });
});
