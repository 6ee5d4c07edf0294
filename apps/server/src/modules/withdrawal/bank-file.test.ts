import { ErrorCode } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { bankFileCsv, readBankResultFile } from './bank-file.js';

const row = {
  cash_out_id: 7,
  payee_real_name: '=HYPERLINK("x")',
  bank_name: '招商银行',
  account: '6225880112345678',
  pay_amount_fen: 123_456,
  applied_at: Date.UTC(2026, 10, 21, 4, 0, 0),
};

describe('bank files', () => {
  it('writes the batch as CSV with a BOM, quoted cells and formulas defused', () => {
    expect(bankFileCsv([row])).toBe(
      '\uFEFF"提现编号","收款人姓名","开户银行","银行卡号","打款金额（元）","申请时间"\r\n' +
        `"7","'=HYPERLINK(""x"")","招商银行","6225880112345678","1234.56","2026-11-21T04:00:00.000Z"\r\n`,
    );
  });

  it('reads the bank result file by column name: 成功 paid with its reference, 退回 returned with its reason', () => {
    const file = '\uFEFF结果,提现编号,原因,银行流水号\r\n成功,7,,R-1\r\n退回," 12 ","户名不符, 请核实",\n退回,13,,\r\n';
    expect(readBankResultFile(file)).toEqual([
      { id: 7, result: 'paid', bank_ref: 'R-1' },
      { id: 12, result: 'returned', reason: '户名不符, 请核实' },
      { id: 13, result: 'returned', reason: '银行未注明原因' },
    ]);
  });

  it('refuses a file without the columns, without rows, or with a bad cell, naming the line', () => {
    const refused = (text: string) => {
      try {
        readBankResultFile(text);
      } catch (error) {
        return { code: (error as { code: number }).code, msg: (error as Error).message };
      }
      throw new Error('not refused');
    };
    expect(refused('提现编号,结果,原因\r\n7,成功,\r\n').code).toBe(ErrorCode.bankResultFileInvalid);
    expect(refused('提现编号,结果,银行流水号,原因\r\n').msg).toBe('银行结果文件没有数据行');
    expect(refused('提现编号,结果,银行流水号,原因\r\n7,成功,R,\r\n7x,成功,R,\r\n').msg).toBe(
      '银行结果文件第3行：提现编号不正确',
    );
    expect(refused('提现编号,结果,银行流水号,原因\r\n7,失败,R,\r\n').msg).toBe(
      '银行结果文件第2行：结果应为“成功”或“退回”',
    );
  });
});
