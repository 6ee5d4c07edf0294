/**
 * docs/open-api.md is all a partner engineer reads: its §10 example, taken from the file as written (the shell
 * signing pipeline run by bash, the Node.js line evaluated, the curl command's method, path and headers), must be
 * accepted by the server with the answer the document prints. A document that drifts from the server fails here.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { seedDemoData } from '../../demo/demo-seed.js';

const OPERATOR_TOKEN = 'operator-token-for-open-api-doc-0123';
const doc = fs.readFileSync(fileURLToPath(new URL('../../../../../docs/open-api.md', import.meta.url)), 'utf8');

/** The text of section `## n.` up to the next section. */
function section(n: number): string {
  const start = doc.indexOf(`\n## ${n}. `);
  expect(start, `section ${n} of open-api.md`).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** The bash code blocks of a section. */
const bashBlocks = (text: string) => [...text.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** `NAME='…'` or `NAME=…` assignments of a block, in order. */
const assignments = (block: string, name: string) =>
  [...block.matchAll(new RegExp(`^${name}=(?:'([^']*)'|(\\S+))$`, 'gm'))].map((m) => m[1] ?? m[2]!);

/** The inline code span after `label`, read as Markdown does: it ends at the next run of as many backticks. */
function inlineCodeAfter(text: string, label: string): string {
  const at = text.indexOf(label);
  expect(at, label).toBeGreaterThanOrEqual(0);
  const span = /^(`+)([\s\S]+?)(?<!`)\1(?!`)/.exec(text.slice(at + label.length));
  expect(span, `code after ${label}`).not.toBeNull();
  const content = span![2]!;
  return content.startsWith(' ') && content.endsWith(' ') ? content.slice(1, -1) : content;
}

describe(`the open API document's example (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let partner: { key: string; webhook_secret: string };
  let code: string;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    // Just after the example's last order_at (2026-11-24T23:59:59+08:00): none is in the future, none too old.
    ctx.clock.advance(Date.UTC(2026, 10, 24, 16, 0, 0) - ctx.clock.now());
    const token = (await loginAs(ctx, nextPhone())).json.body.access_token as string;
    const task = (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/page?task_type=1&page_size=1' })).json.body
      .data[0];
    const received = await call(ctx.app, {
      url: '/agent/v1/task/receive',
      token,
      body: { task_id: task.task_id, task_type: 1 },
    });
    code = received.json.body.code as string;
    const apps = (await call(ctx.app, { method: 'GET', url: '/ops/v1/apps', token: OPERATOR_TOKEN, vendor: null })).json
      .body.data as { app_id: number; key: string; webhook_secret: string }[];
    partner = apps.find((app) => app.app_id === task.app_id)!;
  });
  afterAll(() => ctx.close());

  it('uses placeholders of the credential formats the document describes, the formats the server issues', () => {
    const [first] = bashBlocks(section(10));
    expect(assignments(first!, 'KEY')[0]).toMatch(/^ak_x{24}$/);
    expect(assignments(first!, 'SECRET')[0]).toMatch(/^sk_x{64}$/);
    expect(partner.key).toMatch(/^ak_[0-9a-f]{24}$/);
    expect(partner.webhook_secret).toMatch(/^sk_[0-9a-f]{64}$/);
  });

  it('signs with the shell pipeline and the Node.js line as written, and the server accepts each example body', async () => {
    const text = section(10);
    const [first, second] = bashBlocks(text);
    const sigLine = first!.split('\n').find((line) => line.startsWith('SIG='))!;
    const curl = first!
      .slice(first!.indexOf('curl '))
      .split(/\n(?!\s)/)[0]!
      .replace(/\\\n\s*/g, ' ');
    const printed = /^# (\{.*\})$/m.exec(first!)![1]!;
    const nodeLine = inlineCodeAfter(text, 'In Node.js: ');
    const nodeSign = new Function('crypto', 'secret', 'ts', 'rawBody', `return ${nodeLine};`) as (
      c: typeof crypto,
      secret: string,
      ts: string,
      rawBody: string,
    ) => string;
    const url = new URL(/curl .*?(https?:\/\/\S+)/.exec(curl)![1]!);
    const method = /-X (\w+)/.exec(curl)![1]!;
    const headerArgs = [...curl.matchAll(/-H (?:'([^']*)'|"([^"]*)")/g)].map((m) => m[1] ?? m[2]!);
    const bodies = [...assignments(first!, 'BODY'), ...assignments(second!, 'BODY')];
    expect(bodies).toHaveLength(3);

    const answers: unknown[] = [];
    for (const example of bodies) {
      // The example's code is a placeholder; the partner sends the code their user came with (docs/open-api.md §1).
      const body = example.replaceAll('"ABCD2345"', JSON.stringify(code));
      const ts = String(Math.floor(ctx.clock.now() / 1000));
      const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TS: ts, BODY: body, SECRET: partner.webhook_secret };
      const sig = execFileSync('bash', ['--norc', '--noprofile', '-c', `${sigLine}\nprintf '%s' "$SIG"`], {
        env,
        encoding: 'utf8',
      });
      expect(sig).toMatch(/^[0-9a-f]{64}$/);
      expect(nodeSign(crypto, partner.webhook_secret, ts, body)).toBe(sig);
      const vars: Record<string, string> = { KEY: partner.key, TS: ts, SIG: sig };
      const headers = Object.fromEntries(
        headerArgs.map((header) => {
          const [name, ...value] = header.split(':');
          return [
            name!.trim(),
            value
              .join(':')
              .trim()
              .replace(/\$(\w+)/g, (_, v: string) => vars[v] ?? ''),
          ];
        }),
      );
      const answer = await ctx.app.inject({ method: method as 'POST', url: url.pathname, headers, payload: body });
      answers.push(answer.json());
    }
    expect(answers[0]).toEqual(JSON.parse(printed));
    expect(answers).toEqual([0, 1, 2].map(() => ({ code: 0, msg: 'ok', body: { status: 'attributed' } })));
  });
});
