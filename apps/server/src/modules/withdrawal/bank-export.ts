/**
 * The bank file: agreed bank withdrawals as CSV for the bank's batch transfer, with the card numbers in clear (the
 * bank needs them; the file is for operators only and never logged). UTF-8 with a BOM so Excel reads the Chinese.
 */
import { fenToYuan } from '@cc/contracts';
import type { WithdrawalService } from './withdrawal.service.js';

const HEADER = ['提现编号', '收款人姓名', '开户银行', '银行卡号', '打款金额（元）', '申请时间'];

/** Quotes a CSV cell, and keeps a spreadsheet from reading a leading =, +, - or @ as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export async function bankFileCsv(withdrawals: WithdrawalService): Promise<string> {
  const rows = await withdrawals.agreedBank();
  const lines = rows.map((row) =>
    [
      String(row.id),
      row.payee_real_name,
      row.bank_name,
      withdrawals.revealAccount(row.payee_account_enc),
      fenToYuan(row.pay_amount_fen),
      new Date(row.created_at).toISOString(),
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[HEADER.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}
