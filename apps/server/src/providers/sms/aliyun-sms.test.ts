import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AliyunSmsDriver } from './aliyun-sms.js';
import { SmsDeliveryError } from './sms-driver.js';

interface Seen {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

// A local peer on the SDK's wire: it receives the signed SendSms call and answers as dysmsapi does.
describe('AliyunSmsDriver up to the SDK boundary', () => {
  const seen: Seen[] = [];
  let reply: Record<string, string> = {
    Code: 'OK',
    Message: 'OK',
    BizId: '900619746936498440^0',
    RequestId: 'F655A8D5',
  };
  let server: http.Server;
  let endpoint = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: new URL(req.url ?? '/', 'http://peer'),
          headers: req.headers,
          body,
        });
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const driver = () =>
    new AliyunSmsDriver({
      accessKeyId: 'LTAI-test-key',
      accessKeySecret: 'test-secret',
      signName: '创作者中心',
      templateCode: 'SMS_123456789',
      endpoint,
      protocol: 'http',
    });

  it('sends SendSms with the phone, signature, template and code, signed with the access key', async () => {
    await driver().sendCode({ phone: '13800138000', type: 1, code: '654321' });
    const request = seen.at(-1)!;
    const params = new URLSearchParams([...request.url.searchParams, ...new URLSearchParams(request.body)]);
    expect(request.headers['x-acs-action']).toBe('SendSms');
    expect(request.headers['x-acs-version']).toBe('2017-05-25');
    expect(params.get('PhoneNumbers')).toBe('13800138000');
    expect(params.get('SignName')).toBe('创作者中心');
    expect(params.get('TemplateCode')).toBe('SMS_123456789');
    expect(JSON.parse(params.get('TemplateParam') ?? '{}')).toEqual({ code: '654321' });
    expect(request.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-test-key,/);
  });

  it('turns a refusal into a delivery error', async () => {
    reply = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', RequestId: 'X' };
    await expect(driver().sendCode({ phone: '13800138000', type: 1, code: '111111' })).rejects.toThrow(
      SmsDeliveryError,
    );
    await expect(driver().sendCode({ phone: '13800138000', type: 1, code: '111111' })).rejects.toThrow(
      /BUSINESS_LIMIT_CONTROL/,
    );
  });
});
