/**
 * Withdrawals (the record with its status, `/sett/cash_out/*`, the amount limits) and the operator's
 * withdrawal calls. Amounts travel as yuan strings with two decimals.
 */
import { z } from 'zod';
import { WITHDRAW_MAX_YUAN, WITHDRAW_MIN_YUAN } from '../constants.js';
import { CashOutTo, OutStatus } from '../enums.js';
import { optionalSmsCodeSchema } from '../auth/auth.schema.js';
import { pageQuerySchema } from '../envelope.js';

/** A withdrawal amount in yuan: at most two decimals, between the minimum and maximum of `constants.ts`. */
export const withdrawAmountSchema = z
  .union([z.string(), z.number()], { error: '请输入提现金额' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), '提现金额最多两位小数')
  .refine((v) => Number(v) >= WITHDRAW_MIN_YUAN, `提现金额不能低于${WITHDRAW_MIN_YUAN}元`)
  .refine((v) => Number(v) <= WITHDRAW_MAX_YUAN, `单笔提现金额不能超过${WITHDRAW_MAX_YUAN}元`);

const cashOutToSchema = z.coerce
  .number({ error: '请选择提现方式' })
  .refine((v): v is CashOutTo => v === CashOutTo.Bank || v === CashOutTo.Alipay, '提现方式只能是银行卡或支付宝')
  .transform((v) => v as CashOutTo);

/** `POST /agent/v1/sett/cash_out/apply`. */
export const cashOutApplyRequestSchema = z.object({
  /** Yuan, e.g. '100.00'; not above `can_out`. */
  amount: withdrawAmountSchema,
  /** 1 bank card, 2 Alipay: the creator's own account of that kind receives the money. */
  cash_out_to: cashOutToSchema,
  /** SMS code from `send_code_by_id`: type 3 for a bank withdrawal, type 4 for Alipay; may be left out while
   * a money session is open (ADR 0026). */
  code: optionalSmsCodeSchema,
});
export type CashOutApplyRequest = z.input<typeof cashOutApplyRequestSchema>;

/** `POST /agent/v1/sett/cash_out/tax`: preview the tax of a withdrawal of `amount`. */
export const cashOutTaxRequestSchema = z.object({
  /** Yuan the creator means to withdraw. */
  amount: withdrawAmountSchema,
});
export type CashOutTaxRequest = z.input<typeof cashOutTaxRequestSchema>;

/**
 * The tax of one withdrawal under cumulative withholding (国家税务总局公告2025年第16号), with every figure used,
 * all in yuan with two decimals except where said. Kept with the record (`tax_detail`).
 */
export const taxFiguresSchema = z.object({
  /** This withdrawal's gross income (what the creator asked for). */
  income: z.string(),
  /** Tax withheld from this withdrawal. */
  tax: z.string(),
  /** What reaches the creator's account: income − tax. */
  pay_amount: z.string(),
  /** Tax year the withdrawal counts in (Asia/Shanghai). */
  tax_year: z.number().int(),
  /** Labour income paid to the creator earlier this year, plus this withdrawal. */
  cumulative_income: z.string(),
  /** 20 % of the cumulative income (the expense deduction of labour remuneration). */
  cumulative_expense: z.string(),
  /** Number of months this year in which the creator received labour income from us, this one included. */
  months: z.number().int(),
  /** 5000 × months. */
  cumulative_basic_deduction: z.string(),
  /** Other deductions (0 unless the policy supplies them). */
  other_deductions: z.string(),
  /** cumulative income − expense − basic − other, not below 0. */
  taxable_income: z.string(),
  /** Rate of the comprehensive-income withholding table, as a percent (3 … 45). */
  rate_percent: z.number(),
  /** Quick deduction of that table row. */
  quick_deduction: z.string(),
  /** Tax due on the cumulative taxable income. */
  cumulative_tax: z.string(),
  /** Tax withheld earlier this year. */
  withheld_before: z.string(),
  /** Name of the tax policy in force (e.g. 'cumulative-labour-2025'). */
  policy: z.string(),
});
export type TaxFigures = z.infer<typeof taxFiguresSchema>;

/**
 * `POST /sett/cash_out/tax`: the figures as if the withdrawal were paid now. The tax point is the payment (ADR 0013):
 * the withholding is computed again, final, when the payout starts, so the preview is always an estimate (预估).
 */
export const cashOutTaxSchema = taxFiguresSchema.extend({
  /** Always true here: the final figure is fixed when the payout starts. */
  estimated: z.boolean(),
});
export type CashOutTax = z.infer<typeof cashOutTaxSchema>;

/** A withdrawal record with its display text and style group. */
export const withdrawalRecordSchema = z.object({
  /** Record id (for `/sett/cash_out/detail?id=`). */
  id: z.number().int(),
  /** 1 pending, 2 rejected, 3 agreed, 4 waiting, 5 complete, 6 purchase complete; 7 cancelled by its creator. */
  out_status: z.number().int(),
  /**
   * What the record is: a withdrawal to the creator's account, or a purchase of points paid from the wallet
   * (out_status 6), which has no payee and pays the order `order_no`.
   */
  record_type: z.enum(['withdrawal', 'purchase']),
  /** Order number of the points order a purchase paid; '' for a withdrawal. */
  order_no: z.string(),
  /**
   * Yuan taken from the wallet: a withdrawal's amount (its tax is withheld from what is paid out); a purchase's
   * wallet part plus the tax withheld on it (both leave the wallet).
   */
  wallet_amount: z.string(),
  /** True while the creator may still cancel it (submitted, not yet taken up by an operator). */
  can_cancel: z.boolean(),
  /** Display text of out_status: 已提交 / 已驳回 / 提现成功 / 购买完成. */
  out_status_text: z.string(),
  /** Style group of out_status: waiting, reject or complete. */
  out_status_style: z.enum(['waiting', 'reject', 'complete']),
  /** Amount taken from the wallet (yuan). */
  amount: z.string(),
  /** Requested amount before tax (yuan). */
  pre_pay_amount: z.string(),
  /** Tax withheld (yuan); an estimate (预估) while `tax_estimated`. */
  tax: z.string(),
  /** Amount paid out after tax (yuan); an estimate while `tax_estimated`. */
  pay_amount: z.string(),
  /**
   * True until the payout starts: tax and pay_amount are then computed again from what was paid by that date
   * (the tax point is the payment) and become final. A rejected withdrawal keeps its last estimate.
   */
  tax_estimated: z.boolean(),
  /** 1 bank card, 2 Alipay; 0 for a purchase paid from the wallet (out_status 6). */
  cash_out_to: z.number().int(),
  /** Bank of the card paid to; '' otherwise. */
  bank_name: z.string(),
  /** Masked card number paid to; '' otherwise. */
  bank_card_number: z.string(),
  /** Masked Alipay account paid to; '' otherwise. */
  alipay_id: z.string(),
  /** Payee's legal name as it was when applied. */
  real_name: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** When it was paid (ISO 8601), or null. */
  finish_at: z.string().nullable(),
  /** Why it was rejected, or why the last payout attempt failed; '' otherwise. */
  reason: z.string(),
  /** 1 when paid offline (bank transfer confirmed by an operator), else 0. */
  is_offline: z.number().int(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;

/** `GET /agent/v1/sett/cash_out/page`: the creator's own withdrawals, newest first. */
export const cashOutPageQuerySchema = pageQuerySchema.extend({
  /** Optional filter on out_status. */
  out_status: z.coerce
    .number({ error: '提现状态不正确' })
    .int('提现状态不正确')
    .min(OutStatus.Pending, '提现状态不正确')
    .max(OutStatus.Cancelled, '提现状态不正确')
    .optional(),
});
export type CashOutPageQuery = z.input<typeof cashOutPageQuerySchema>;

/** `GET /agent/v1/sett/cash_out/detail?id=`. */
export const cashOutDetailQuerySchema = z.object({
  /** Withdrawal record id. */
  id: z.coerce.number({ error: '提现记录不正确' }).int('提现记录不正确').positive('提现记录不正确'),
});

/** `POST /agent/v1/sett/cash_out/cancel`: the creator withdraws a submitted withdrawal; its amount is available again. */
export const cashOutCancelRequestSchema = z.object({
  /** Withdrawal record id. */
  id: z.coerce.number({ error: '提现记录不正确' }).int('提现记录不正确').positive('提现记录不正确'),
});
export type CashOutCancelRequest = z.input<typeof cashOutCancelRequestSchema>;

/** `GET /agent/v1/sett/cash_out/first`: what the withdraw page needs before the creator types an amount. */
export const cashOutFirstSchema = z.object({
  /** True when the creator has never withdrawn (the first-withdrawal minimum applies). */
  is_first: z.boolean(),
  /** Minimum of this withdrawal in yuan (first 1, later 1). */
  min_amount: z.string(),
  /** Maximum of one withdrawal in yuan (98000). */
  max_amount: z.string(),
  /** Withdrawable balance (yuan). */
  can_out: z.string(),
  /** Real name and ID number are on file. */
  has_real_name: z.boolean(),
  /** 1 when the current agreement is signed. */
  sign_status: z.number().int(),
  /** The creator's bank card, masked, or null. */
  bank: z.object({ bank_name: z.string(), account_no: z.string(), real_name: z.string() }).nullable(),
  /** The creator's Alipay account, masked, or null. */
  alipay: z.object({ account_no: z.string(), real_name: z.string() }).nullable(),
});
export type CashOutFirst = z.infer<typeof cashOutFirstSchema>;

/** `GET /ops/v1/withdrawals?status=`: operator list, oldest pending first. */
export const opsWithdrawalQuerySchema = pageQuerySchema.extend({
  /** Filter on out_status (1 … 5). */
  status: z.coerce
    .number({ error: '提现状态不正确' })
    .int('提现状态不正确')
    .min(OutStatus.Pending, '提现状态不正确')
    .max(OutStatus.Complete, '提现状态不正确')
    .optional(),
  /** Filter on cash_out_to (1 bank, 2 Alipay). */
  cash_out_to: cashOutToSchema.optional(),
});
export type OpsWithdrawalQuery = z.input<typeof opsWithdrawalQuerySchema>;

/** A withdrawal as an operator sees it: the record plus the creator and the payout attempt. */
export const opsWithdrawalSchema = withdrawalRecordSchema.extend({
  /** The creator. */
  agent_id: z.number().int(),
  /** Masked phone of the creator. */
  phone: z.string(),
  /** Alipay out_biz_no of the payout (idempotency key), '' before the first attempt. */
  out_biz_no: z.string(),
  /** Reference of the payment: Alipay's order id, or the bank's reference (银行流水号) of a bank batch row; ''. */
  pay_order_id: z.string(),
  /** When the operator approved it (ISO 8601), or null. */
  approved_at: z.string().nullable(),
});
export type OpsWithdrawal = z.infer<typeof opsWithdrawalSchema>;

/** `POST /ops/v1/withdrawals/{id}/reject`. */
export const opsRejectWithdrawalSchema = z.object({
  /** Shown to the creator. */
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因不能超过200个字'),
});

/** `POST /ops/v1/withdrawals/{id}/pay`: Alipay withdrawals are paid through Alipay; bank ones need `offline`. */
export const opsPayWithdrawalSchema = z.object({
  /** True to confirm a bank transfer made outside the system (is_offline 1). */
  offline: z.boolean({ error: '线下打款标记不正确' }).optional(),
});

export const withdrawalIdParamSchema = z.object({
  id: z.coerce.number({ error: '提现记录不正确' }).int('提现记录不正确').positive('提现记录不正确'),
});
