/**
 * Failures met before any route runs answer like every other answer: the envelope and the security
 * headers, for an over-long path parameter (414), a path that does not decode, and a request line over Node's limit.
 */
import { ErrorCode, ErrorMessages } from '@cc/contracts';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestContext } from '../../test/test-app.js';

describe(`framework errors (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers an over-long path parameter with 414, the envelope and the security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/ai/v1/files/images/${'a'.repeat(300)}.png` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: ErrorCode.uriTooLong, msg: ErrorMessages.uriTooLong, body: null });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers a path that does not decode with 400 and the envelope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/ai/v1/files/images/%E0%A4%A.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ErrorCode.validation, msg: ErrorMessages.validation, body: null });
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a request line over the header limit with 431, the envelope and the headers', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (part: string) => (text += part));
      socket.on('end', () => resolve(text));
      socket.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? resolve(text) : reject(error),
      );
      socket.write(`GET /agent/v1/tasks?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(head).toMatch(/\r\nstrict-transport-security: /i);
    expect(JSON.parse(body)).toEqual({
      code: ErrorCode.headersTooLarge,
      msg: ErrorMessages.headersTooLarge,
      body: null,
    });
  });
});
