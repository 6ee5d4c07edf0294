/**
 * Bank batches: the operator's `/ops/v1/withdrawals/bank-batches` calls. Exporting agreed bank
 * withdrawals creates a batch and moves them to 打款中; the operator then confirms each row against the bank's result.
 * Amounts travel as yuan strings with two decimals.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';

/** A batch is 1 待确认 (exported, rows still undecided) until every row is decided, then 2 已完成. */
export const BankBatchStatus = { Confirming: 1, Complete: 2 } as const;
export type BankBatchStatus = (typeof BankBatchStatus)[keyof typeof BankBatchStatus];
export const BANK_BATCH_STATUS_LABELS: Record<BankBatchStatus, string> = { 1: '待确认', 2: '已完成' };

/**
 * What the bank did with one row: `paid` (the withdrawal completes with the bank's reference), `returned` (back to
 * 已同意, it may go into a later batch) or `rejected` (the withdrawal is rejected and its hold released).
 */
export const BANK_ROW_DECISIONS = ['paid', 'returned', 'rejected'] as const;
export type BankRowDecision = (typeof BANK_ROW_DECISIONS)[number];
/** A row's result: undecided (`pending`) or one of the decisions. */
export type BankRowResult = 'pending' | BankRowDecision;
export const BANK_ROW_RESULT_LABELS: Record<BankRowResult, string> = {
  pending: '待确认',
  paid: '已打款',
  returned: '银行退回',
  rejected: '已驳回',
};

/** The bank's result file (`text/csv`): these columns by name, in any order; 结果 is 成功 or 退回. */
export const BANK_RESULT_FILE_COLUMNS = ['提现编号', '结果', '银行流水号', '原因'] as const;

/** `GET /ops/v1/withdrawals/bank-batches`: newest first. */
export const bankBatchQuerySchema = pageQuerySchema.extend({
  /** Filter: 1 待确认, 2 已完成. */
  status: z.coerce
    .number({ error: '批次状态不正确' })
    .int('批次状态不正确')
    .refine((v): v is BankBatchStatus => v === 1 || v === 2, '批次状态只能是1（待确认）或2（已完成）')
    .optional(),
});
export type BankBatchQuery = z.input<typeof bankBatchQuerySchema>;

export const bankBatchIdParamSchema = z.object({
  id: z.coerce.number({ error: '批次编号不正确' }).int('批次编号不正确').positive('批次编号不正确'),
});

/** One decision of `POST /ops/v1/withdrawals/bank-batches/{id}/confirm`. */
export const bankRowDecisionSchema = z
  .object({
    /** The withdrawal (提现编号, the first column of the bank file). */
    id: z.number({ error: '提现编号应为数字' }).int('提现编号应为正整数').positive('提现编号应为正整数'),
    result: z.enum(BANK_ROW_DECISIONS, { error: '结果只能是 paid（已打款）、returned（银行退回）或 rejected（驳回）' }),
    /** The bank's reference of the payment (银行流水号); required when paid. */
    bank_ref: z.string({ error: '银行流水号应为文字' }).trim().max(64, '银行流水号不能超过64个字符').optional(),
    /** Why the bank returned it or why it is rejected (shown to the creator); required unless paid. */
    reason: z.string({ error: '原因应为文字' }).trim().max(200, '原因不能超过200个字').optional(),
  })
  .superRefine((row, ctx) => {
    if (row.result === 'paid' && !row.bank_ref) {
      ctx.addIssue({ code: 'custom', path: ['bank_ref'], message: `提现编号 ${row.id} 已打款：请填写银行流水号` });
    }
    if (row.result !== 'paid' && !row.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `提现编号 ${row.id} 退回或驳回：请填写原因` });
    }
  });
export type BankRowDecisionInput = z.input<typeof bankRowDecisionSchema>;

/**
 * The confirm body: a JSON array of decisions, one per withdrawal (or a `text/csv` result file with
 * `BANK_RESULT_FILE_COLUMNS`, read into the same array). Rows not named stay undecided.
 */
export const bankBatchConfirmRequestSchema = z
  .array(bankRowDecisionSchema, { error: '请提交确认结果列表' })
  .min(1, '请至少提交一笔确认结果')
  .max(1000, '一次最多确认1000笔')
  .superRefine((rows, ctx) => {
    const seen = new Set<number>();
    for (const row of rows) {
      if (seen.has(row.id)) ctx.addIssue({ code: 'custom', message: `提现编号 ${row.id} 出现了多次` });
      seen.add(row.id);
    }
  });
export type BankBatchConfirmRequest = z.input<typeof bankBatchConfirmRequestSchema>;

/** A batch in the list: its figures and how many rows are decided. */
export const bankBatchSchema = z.object({
  id: z.number().int(),
  /** 1 待确认, 2 已完成. */
  status: z.number().int(),
  status_text: z.string(),
  /** Withdrawals in the batch. */
  row_count: z.number().int(),
  /** Σ pay_amount of the rows (yuan): what the bank is asked to pay. */
  total_pay_amount: z.string(),
  pending_count: z.number().int(),
  paid_count: z.number().int(),
  returned_count: z.number().int(),
  rejected_count: z.number().int(),
  /** Name of the file (`GET .../{id}/file`). */
  file_name: z.string(),
  /** SHA-256 (hex) of the file's bytes: the same at every download. */
  file_sha256: z.string(),
  /** Who exported it: the operator credential used (`operator-token` until operator accounts exist). */
  created_by: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** When its last row was decided (ISO 8601), or null. */
  completed_at: z.string().nullable(),
});
export type BankBatch = z.infer<typeof bankBatchSchema>;

/** A row of a batch: the withdrawal as exported and what the bank did with it. */
export const bankBatchRowSchema = z.object({
  /** The withdrawal (提现编号). */
  id: z.number().int(),
  agent_id: z.number().int(),
  real_name: z.string(),
  bank_name: z.string(),
  /** Masked card number (the clear one is only in the file). */
  bank_card_number: z.string(),
  /** Amount the bank is asked to pay (yuan, after tax). */
  pay_amount: z.string(),
  /** pending, paid, returned or rejected. */
  result: z.enum(['pending', ...BANK_ROW_DECISIONS]),
  result_text: z.string(),
  /** The bank's reference (银行流水号) of a paid row; ''. */
  bank_ref: z.string(),
  /** Why it was returned or rejected; ''. */
  reason: z.string(),
  /** Who decided it ('' while pending). */
  decided_by: z.string(),
  /** ISO 8601, or null while pending. */
  decided_at: z.string().nullable(),
});
export type BankBatchRow = z.infer<typeof bankBatchRowSchema>;

/** `GET /ops/v1/withdrawals/bank-batches/{id}`, and the answer of create and confirm. */
export const bankBatchDetailSchema = bankBatchSchema.extend({ rows: z.array(bankBatchRowSchema) });
export type BankBatchDetail = z.infer<typeof bankBatchDetailSchema>;
