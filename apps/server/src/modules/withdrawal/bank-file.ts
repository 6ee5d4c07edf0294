/**
 * The bank's files. Out: a batch's rows as CSV for the bank's batch transfer, with the card numbers in clear (the
 * bank needs them; the file is for operators only and never logged), UTF-8 with a BOM so Excel reads the Chinese —
 * a pure function of the stored rows, so every download is the same bytes. In: the bank's result file
 * (`BANK_RESULT_FILE_COLUMNS`), read into the decisions the confirm call takes as JSON.
 */
import { BANK_RESULT_FILE_COLUMNS, fenToYuan, type BankRowDecisionInput } from '@cc/contracts';
import { createHash } from 'node:crypto';
import { csvCell, parseCsv } from '../../csv.js';
import { appError } from '../../errors.js';

const HEADER = ['提现编号', '收款人姓名', '开户银行', '银行卡号', '打款金额（元）', '申请时间'];

/** A row of the file: the withdrawal as the batch stored it. */
export interface BankFileRow {
  cash_out_id: number;
  payee_real_name: string;
  bank_name: string;
  /** The card number in clear. */
  account: string;
  pay_amount_fen: number;
  applied_at: number;
}

export function bankFileCsv(rows: readonly BankFileRow[]): string {
  const lines = rows.map((row) =>
    [
      String(row.cash_out_id),
      row.payee_real_name,
      row.bank_name,
      row.account,
      fenToYuan(row.pay_amount_fen),
      new Date(row.applied_at).toISOString(),
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[HEADER.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const bankFileName = (batchId: number): string => `bank-batch-${batchId}.csv`;

/** The bank's 结果 column: 成功 paid, 退回 returned (back to 已同意; an operator may then reject it). */
const RESULTS: Record<string, 'paid' | 'returned'> = { 成功: 'paid', 退回: 'returned' };

/**
 * The decisions of a bank result file. A returned row without a reason gets one saying so; anything else malformed
 * refuses the whole file with the line at fault, so a half-read file never confirms anything.
 */
export function readBankResultFile(text: string): BankRowDecisionInput[] {
  const [header, ...rows] = parseCsv(text);
  const names = (header ?? []).map((h) => h.trim());
  const column = Object.fromEntries(BANK_RESULT_FILE_COLUMNS.map((c) => [c, names.indexOf(c)]));
  if (Object.values(column).some((index) => index < 0)) throw appError('bankResultFileInvalid');
  if (rows.length === 0) throw appError('bankResultFileInvalid', '银行结果文件没有数据行');
  return rows.map((fields, index) => {
    const at = (name: (typeof BANK_RESULT_FILE_COLUMNS)[number]) => (fields[column[name]!] ?? '').trim();
    const line = index + 2;
    const id = at('提现编号');
    if (!/^[1-9]\d{0,15}$/.test(id)) throw appError('bankResultFileInvalid', `银行结果文件第${line}行：提现编号不正确`);
    const result = RESULTS[at('结果')];
    if (!result) throw appError('bankResultFileInvalid', `银行结果文件第${line}行：结果应为“成功”或“退回”`);
    return result === 'paid'
      ? { id: Number(id), result, bank_ref: at('银行流水号') }
      : { id: Number(id), result, reason: at('原因') || '银行未注明原因' };
  });
}
