/**
 * Alipay's notification endpoint faces the Internet: it has its own per-IP budget, and what a caller
 * sends never reaches the logs as an error's message or stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

describe(`Alipay notify limits (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(
      { RATE_LIMIT_NOTIFY_PER_IP: '3', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(() => ctx.close());

  const notify = (ip: string, payload: string, type = 'application/x-www-form-urlencoded') =>
    ctx.app.inject({
      method: 'POST',
      url: '/pay/alipay/notify',
      headers: { 'content-type': type },
      payload,
      remoteAddress: ip,
    });

  it('answers 429 past the per-IP budget, and only to that IP', async () => {
    for (let i = 0; i < 3; i++) expect((await notify('198.51.100.1', 'out_trade_no=x')).body).toBe('failure');
    const limited = await notify('198.51.100.1', 'out_trade_no=x');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toBe('failure');
    const other = await notify('198.51.100.2', 'out_trade_no=x');
    expect(other.statusCode).toBe(200);
  });

  it('logs a body it cannot parse by the kind of failure, without its text or a stack', async () => {
    const marker = 'ATTACKER_TEXT_7f3a';
    lines.length = 0;
    const answer = await notify('198.51.100.3', `{"out_trade_no": ${marker}`, 'application/json');
    expect(answer.body).toBe('failure');
    const text = lines.join('');
    expect(text).toContain('alipay notify refused');
    expect(text).not.toContain(marker);
    expect(text).not.toContain('"stack"');
  });
});
