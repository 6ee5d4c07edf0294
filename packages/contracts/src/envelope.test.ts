import { describe, expect, it } from 'vitest';
import { envelopeSchema, fenToYuan, pageQuerySchema, yuanToFen } from './envelope.js';
import { z } from 'zod';

describe('envelope', () => {
  it('parses a success envelope and strips unknown body fields', () => {
    const schema = envelopeSchema(z.object({ total: z.number() }));
    expect(schema.parse({ code: 0, msg: 'ok', body: { total: 3, secret: 'x' } })).toEqual({
      code: 0,
      msg: 'ok',
      body: { total: 3 },
    });
  });

  it('pages default to 1 and 10 and refuse out-of-range values in Chinese', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page_num: 1, page_size: 10 });
    expect(pageQuerySchema.parse({ page_num: '2', page_size: '20' })).toEqual({ page_num: 2, page_size: 20 });
    expect(pageQuerySchema.safeParse({ page_size: 101 }).error?.issues[0]?.message).toBe('每页数量不能超过100');
    expect(pageQuerySchema.safeParse({ page_num: 0 }).error?.issues[0]?.message).toBe('页码不正确');
  });

  it('shows integer fen as yuan with two decimals', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(fenToYuan(-250)).toBe('-2.50');
  });

  it('turns yuan into integer fen on the decimal digits, never by multiplying floats', () => {
    expect(19.9 * 100).not.toBe(1990);
    expect(yuanToFen(19.9)).toBe(1990);
    expect(yuanToFen(9.9)).toBe(990);
    expect(yuanToFen('9.90')).toBe(990);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1.005)).toBe(101);
    expect(yuanToFen('12.345')).toBe(1235);
    expect(yuanToFen(' 30 ')).toBe(3000);
    expect(yuanToFen('-2.50')).toBe(-250);
    expect(yuanToFen(0)).toBe(0);
    for (let fen = 0; fen < 2000; fen += 7) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it('refuses anything that is not an amount of yuan', () => {
    for (const bad of ['abc', '', '1.2.3', '¥9', '1e3', Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      expect(() => yuanToFen(bad)).toThrow(RangeError);
    }
  });
});
