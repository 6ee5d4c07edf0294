import { describe, expect, it } from 'vitest';
import { CumulativeLabourTaxPolicy, shanghaiYearMonth, type TaxHistory } from './tax-policy.js';

/**
 * Hand-worked over one year (yuan). Each line: cumulative income − 20 % − 5000 × months = taxable; taxable × rate −
 * quick deduction = cumulative tax; minus tax withheld before = this withdrawal's tax.
 */
const HAND_WORKED: { month: number; amount: number; tax: number; rate: number; taxable: number }[] = [
  // Jan: 10000 − 2000 − 5000 = 3000 × 3 % = 90.
  { month: 1, amount: 10_000, tax: 90, rate: 3, taxable: 3_000 },
  // Feb: 30000 − 6000 − 10000 = 14000 × 3 % = 420 − 90 = 330.
  { month: 2, amount: 20_000, tax: 330, rate: 3, taxable: 14_000 },
  // Mar: 130000 − 26000 − 15000 = 89000 × 10 % − 2520 = 6380 − 420 = 5960.
  { month: 3, amount: 100_000, tax: 5_960, rate: 10, taxable: 89_000 },
  // Mar again (same month, no new 5000): 180000 − 36000 − 15000 = 129000 × 10 % − 2520 = 10380 − 6380 = 4000.
  { month: 3, amount: 50_000, tax: 4_000, rate: 10, taxable: 129_000 },
  // May (4 months): 181000 − 36200 − 20000 = 124800 × 10 % − 2520 = 9960 < 10380 withheld: 0.
  { month: 5, amount: 1_000, tax: 0, rate: 10, taxable: 124_800 },
  // Jun (5 months): 481000 − 96200 − 25000 = 359800 × 25 % − 31920 = 58030 − 10380 = 47650.
  { month: 6, amount: 300_000, tax: 47_650, rate: 25, taxable: 359_800 },
];

describe('cumulative withholding on labour remuneration', () => {
  const policy = new CumulativeLabourTaxPolicy();

  it('matches the hand-worked table month by month', () => {
    const history: TaxHistory = { year: 2026, month: 1, incomeBeforeFen: 0, withheldBeforeFen: 0, monthsBefore: [] };
    for (const row of HAND_WORKED) {
      const result = policy.compute(row.amount * 100, { ...history, month: row.month });
      expect(result.taxFen, `month ${row.month} amount ${row.amount}`).toBe(row.tax * 100);
      expect(result.payFen).toBe((row.amount - row.tax) * 100);
      expect(result.detail.rate_percent).toBe(row.rate);
      expect(result.detail.taxable_income).toBe(`${row.taxable}.00`);
      history.incomeBeforeFen += row.amount * 100;
      history.withheldBeforeFen += result.taxFen;
      if (!history.monthsBefore.includes(row.month)) history.monthsBefore.push(row.month);
    }
    expect(history.withheldBeforeFen).toBe(58_030 * 100);
  });

  it('takes nothing under the monthly deduction and shows the figures used', () => {
    const result = policy.compute(500_00, {
      year: 2026,
      month: 11,
      incomeBeforeFen: 0,
      withheldBeforeFen: 0,
      monthsBefore: [],
    });
    expect(result.taxFen).toBe(0);
    expect(result.detail).toMatchObject({
      income: '500.00',
      cumulative_expense: '100.00',
      months: 1,
      cumulative_basic_deduction: '5000.00',
      taxable_income: '0.00',
      policy: 'cumulative-labour-2025',
    });
  });

  it('rounds once, to the fen', () => {
    // 8000.01 − 1600.00 (1600.002 rounded) − 5000 = 1400.01 × 3 % = 42.0003 → 42.00.
    const result = policy.compute(800_001, {
      year: 2026,
      month: 1,
      incomeBeforeFen: 0,
      withheldBeforeFen: 0,
      monthsBefore: [],
    });
    expect(result.detail.taxable_income).toBe('1400.01');
    expect(result.taxFen).toBe(4200);
  });

  it('counts the tax year in Asia/Shanghai', () => {
    expect(shanghaiYearMonth(Date.UTC(2026, 11, 31, 16, 30))).toEqual({ year: 2027, month: 1 });
    expect(shanghaiYearMonth(Date.UTC(2026, 10, 21, 4))).toEqual({ year: 2026, month: 11 });
  });
});

describe('amounts the policy refuses', () => {
  const policy = new CumulativeLabourTaxPolicy();
  const history: TaxHistory = { year: 2026, month: 1, incomeBeforeFen: 0, withheldBeforeFen: 0, monthsBefore: [] };

  it.each([-1, -98_000_00, 0.5, 100.01, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'throws on an amount of %s fen',
    (amount) => {
      expect(() => policy.compute(amount, history)).toThrow(RangeError);
    },
  );

  it('throws on a history with negative or fractional figures', () => {
    expect(() => policy.compute(100, { ...history, incomeBeforeFen: -1 })).toThrow(RangeError);
    expect(() => policy.compute(100, { ...history, withheldBeforeFen: 0.5 })).toThrow(RangeError);
  });

  it('still takes zero', () => {
    expect(policy.compute(0, history).taxFen).toBe(0);
  });
});
