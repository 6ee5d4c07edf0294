import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { shareOf, shanghaiDate } from './income.service.js';
import { readOrderCsv } from './order-csv.js';
import { signOpenRequest } from './partner-app.service.js';

describe('order CSV', () => {
  it('keys rows by the header, in any column order, with their line numbers', () => {
    const rows = readOrderCsv('amount,order_id,code,order_type,order_at\n1.00,A1,C1,1,2026-11-23T10:00:00Z\n');
    expect(rows).toEqual([
      {
        line: 2,
        record: { amount: '1.00', order_id: 'A1', code: 'C1', order_type: 1, order_at: '2026-11-23T10:00:00Z' },
      },
    ]);
  });

  it('refuses a file without the needed header', () => {
    expect(() => readOrderCsv('order_id,code\nA1,C1')).toThrow(AppError);
  });
});

describe('shares and signatures', () => {
  it('rounds a share half up, once, in integers', () => {
    expect(shareOf(1234, 7000)).toBe(864); // 863.8
    expect(shareOf(1001, 5000)).toBe(501); // 500.5
    expect(shareOf(9999, 200)).toBe(200); // 199.98
    expect(shareOf(3, 1500)).toBe(0); // 0.45
    expect(shareOf(9_999_999_999, 10000)).toBe(9_999_999_999);
  });

  it('dates a due time in Asia/Shanghai', () => {
    expect(shanghaiDate(Date.UTC(2026, 10, 23, 15, 59))).toBe('2026-11-23');
    expect(shanghaiDate(Date.UTC(2026, 10, 23, 16, 0))).toBe('2026-11-24');
  });

  it('signs `<timestamp>.<raw body>` as lowercase hex HMAC-SHA256 (the docs example)', () => {
    const body =
      '{"order_id":"A1001","code":"ABCD2345","order_type":1,"amount":"12.34","order_at":"2026-11-23T10:00:00+08:00"}';
    // Same value as `printf '%s.%s' 1795000000 "$BODY" | openssl dgst -sha256 -hmac sk_abc`.
    expect(signOpenRequest('sk_abc', '1795000000', body)).toBe(
      '834614e2d9fe1a5e9c98fbaba135171d42b1632143227c4a9cf46a194972cf2b',
    );
  });
});
