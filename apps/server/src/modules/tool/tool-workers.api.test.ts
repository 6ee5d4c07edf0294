/**
 * A tool job whose worker process dies (SIGKILL mid-render) is delivered again after its lease and finishes in
 * another worker, charged once; its orphan ffmpeg died with the worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolJob } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { makeClip, uploadToLibrary } from '../../../test/media-fixtures.js';
import { processAlive } from '../../../test/processes.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { CreditRepository } from '../credit/credit.repository.js';
import { CreditService } from '../credit/credit.service.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const childScript = path.join(repoRoot, 'apps/server/test/tool-worker-child.ts');

describe(`tool jobs across worker processes (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // The test's own app only queues (its workers stay stopped): the worker processes run the jobs.
    ctx = await createTestApp({}, { jobs: { pollMs: 50, leaseMs: 1500 } });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await ctx.close();
  });

  /** The pids of the ffmpeg/ffprobe processes each worker reported starting. */
  const mediaPids = new Map<ChildProcess, number[]>();

  async function startWorker(name: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      cwd: repoRoot,
      env: {
        ...process.env,
        CC_JOB_TARGET: JSON.stringify({ config: ctx.config.database, schema: ctx.schema }),
        CC_DATA_DIR: ctx.config.dataDir,
        CC_WORKER_ID: name,
        CC_LEASE_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const pids: number[] = [];
    mediaPids.set(child, pids);
    let seen = '';
    return new Promise((resolve, reject) => {
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        seen += chunk;
        for (const match of chunk.matchAll(/media-process (\d+)/g)) pids.push(Number(match[1]));
        if (seen.includes('ready')) resolve(child);
      });
      child.once('exit', () => reject(new Error('worker exited before it was ready')));
    });
  }

  it('runs a job again in another worker after the first one was killed mid-render, charging once', async () => {
    const credits = new CreditService(ctx.database, new CreditRepository(ctx.database.db), ctx.clock);
    const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const agentId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body.agent_id;
    await credits.grant(agentId, { kind: 2, amount: 100, title: '测试购买', key: `t-${agentId}` });
    // Uploads are probed by the media job: let this process's workers run that, then leave jobs to the children.
    await ctx.services.jobs.start();
    const mediaId = await uploadToLibrary(ctx, token, makeClip('worker-long.mp4', { seconds: 30, size: '640x360' }));
    await ctx.services.jobs.stop();

    const first = await startWorker('worker-a');
    const created = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token,
      body: { tool: 'dedup', media_ids: [mediaId], config: { options: ['common', 'pip'], output_count: 2 } },
    });
    expect(created.json).toMatchObject({ code: 0 });
    const jobId: string = created.json.body.job_id;
    const price: number = created.json.body.price;
    const get = async () =>
      (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${jobId}`, token })).json.body as ToolJob;
    await expect.poll(async () => (await get()).progress, { timeout: 150_000, interval: 100 }).toBeGreaterThan(0);

    first.kill('SIGKILL');
    await once(first, 'exit');
    // Every ffmpeg the killed worker started (found by the pids it reported, never by name) died with it.
    const started = mediaPids.get(first)!;
    expect(started.length).toBeGreaterThan(0);
    await expect.poll(() => started.filter(processAlive), { timeout: 5_000 }).toEqual([]);
    expect((await get()).status).toBe('running');

    await startWorker('worker-b');
    await expect.poll(async () => (await get()).status, { timeout: 150_000, interval: 200 }).toBe('succeeded');
    const done = await get();
    expect(done.outputs).toHaveLength(2);
    expect((await credits.totals(agentId)).total).toBe(100 - price);
    const outputs = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?kind=output', token });
    expect(outputs.json.body.page.total_count).toBe(2);
    // Two worker processes starting under tsx, a 30 s upload probed and two renders: minutes on a loaded 2-core CI box
    // (the whole suite runs beside it; under that load a start or a render has taken over 90 s).
  }, 400_000);
});
