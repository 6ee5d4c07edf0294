/**
 * Individual income tax on labour remuneration paid by an internet platform, withheld by the cumulative method of
 * 国家税务总局公告2025年第16号 (ADR 0013). One replaceable policy: a platform paying through a flexible-employment
 * provider plugs in another `TaxPolicy`. All money is integer fen.
 */
import { beijingWallClock } from '../../beijing-time.js';
import { fenToYuan, type TaxFigures } from '@cc/contracts';

/** What the creator was paid and withheld earlier in the tax year (payments made or under way, wallet purchases). */
export interface TaxHistory {
  year: number;
  /** Month (1–12) of this payment. */
  month: number;
  incomeBeforeFen: number;
  withheldBeforeFen: number;
  /** Distinct months (1–12) of this year with labour income from us before this withdrawal. */
  monthsBefore: number[];
}

export interface TaxComputation {
  taxFen: number;
  payFen: number;
  detail: TaxFigures;
}

export interface TaxPolicy {
  readonly name: string;
  compute(amountFen: number, history: TaxHistory): TaxComputation;
}

/** Comprehensive-income withholding table (个人所得税预扣率表一), cumulative taxable income in yuan. */
export const WITHHOLDING_TABLE: readonly { upToYuan: number; ratePercent: number; quickDeductionYuan: number }[] = [
  { upToYuan: 36_000, ratePercent: 3, quickDeductionYuan: 0 },
  { upToYuan: 144_000, ratePercent: 10, quickDeductionYuan: 2_520 },
  { upToYuan: 300_000, ratePercent: 20, quickDeductionYuan: 16_920 },
  { upToYuan: 420_000, ratePercent: 25, quickDeductionYuan: 31_920 },
  { upToYuan: 660_000, ratePercent: 30, quickDeductionYuan: 52_920 },
  { upToYuan: 960_000, ratePercent: 35, quickDeductionYuan: 85_920 },
  { upToYuan: Number.POSITIVE_INFINITY, ratePercent: 45, quickDeductionYuan: 181_920 },
];

const BASIC_DEDUCTION_PER_MONTH_FEN = 500_000;
const EXPENSE_PERCENT = 20;

export class CumulativeLabourTaxPolicy implements TaxPolicy {
  readonly name = 'cumulative-labour-2025';

  constructor(private readonly otherDeductionsFen: (history: TaxHistory) => number = () => 0) {}

  compute(amountFen: number, history: TaxHistory): TaxComputation {
    requireFen('amount', amountFen);
    requireFen('income before', history.incomeBeforeFen);
    requireFen('tax withheld before', history.withheldBeforeFen);
    const cumulativeFen = history.incomeBeforeFen + amountFen;
    const expenseFen = Math.round((cumulativeFen * EXPENSE_PERCENT) / 100);
    const months = new Set([...history.monthsBefore, history.month]).size;
    const basicFen = BASIC_DEDUCTION_PER_MONTH_FEN * months;
    const otherFen = this.otherDeductionsFen(history);
    const taxableFen = Math.max(0, cumulativeFen - expenseFen - basicFen - otherFen);
    const row = WITHHOLDING_TABLE.find((r) => taxableFen <= r.upToYuan * 100)!;
    const cumulativeTaxFen = Math.max(
      0,
      Math.round((taxableFen * row.ratePercent) / 100) - row.quickDeductionYuan * 100,
    );
    // Cumulative withholding never refunds within the year: a month that owes less than was withheld owes nothing.
    const taxFen = Math.min(amountFen, Math.max(0, cumulativeTaxFen - history.withheldBeforeFen));
    const payFen = amountFen - taxFen;
    return {
      taxFen,
      payFen,
      detail: {
        income: fenToYuan(amountFen),
        tax: fenToYuan(taxFen),
        pay_amount: fenToYuan(payFen),
        tax_year: history.year,
        cumulative_income: fenToYuan(cumulativeFen),
        cumulative_expense: fenToYuan(expenseFen),
        months,
        cumulative_basic_deduction: fenToYuan(basicFen),
        other_deductions: fenToYuan(otherFen),
        taxable_income: fenToYuan(taxableFen),
        rate_percent: row.ratePercent,
        quick_deduction: fenToYuan(row.quickDeductionYuan * 100),
        cumulative_tax: fenToYuan(cumulativeTaxFen),
        withheld_before: fenToYuan(history.withheldBeforeFen),
        policy: this.name,
      },
    };
  }
}

/**
 * Money is whole fen and never negative: a fraction or a negative amount here is a bug upstream (a refund passed as
 * income, yuan passed as fen), and taxing it would quietly withhold a wrong figure.
 */
function requireFen(what: string, fen: number): void {
  if (!Number.isSafeInteger(fen) || fen < 0)
    throw new RangeError(`tax policy: ${what} must be whole fen ≥ 0, got ${fen}`);
}

/** Tax year and month of an instant in Asia/Shanghai. */
export function shanghaiYearMonth(now: number): { year: number; month: number } {
  const d = beijingWallClock(now);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}
