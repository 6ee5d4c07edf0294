import { describe, expect, it } from 'vitest';
import { OUT_STATUS_LABELS, OUT_STATUS_STYLES } from '../enums.js';
import { updateAlipayRequestSchema, updateBankRequestSchema } from '../user/payee.schema.js';
import { idCardCheckChar, maskAlipayAccount, maskBankCard, maskIdCard } from '../validators.js';
import { cashOutApplyRequestSchema } from './withdrawal.schema.js';

const ID = `33010619900101123${idCardCheckChar('33010619900101123')}`;
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('withdrawal and payee contracts', () => {
  it('shows the texts and style groups of every out_status, and 已取消 (7, cancelled by the creator) as a reject', () => {
    expect(OUT_STATUS_LABELS).toEqual({
      1: '已提交',
      2: '已驳回',
      3: '已提交',
      4: '已提交',
      5: '提现成功',
      6: '购买完成',
      7: '已取消',
    });
    const group = (style: string) =>
      Object.entries(OUT_STATUS_STYLES)
        .filter(([, s]) => s === style)
        .map(([status]) => Number(status));
    expect([group('waiting'), group('reject'), group('complete')]).toEqual([
      [1, 3, 4],
      [2, 7],
      [5, 6],
    ]);
  });

  it('checks the amount in yuan against the minimum and maximum, in Chinese', () => {
    const parse = (amount: unknown) => cashOutApplyRequestSchema.safeParse({ amount, cash_out_to: 2, code: '123456' });
    expect(parse('100.5').data?.amount).toBe('100.5');
    expect(parse(98_000).success).toBe(true);
    expect(firstMessage(parse('0.99'))).toBe('提现金额不能低于1元');
    expect(firstMessage(parse('98000.01'))).toBe('单笔提现金额不能超过98000元');
    expect(firstMessage(parse('1.234'))).toBe('提现金额最多两位小数');
    expect(firstMessage(cashOutApplyRequestSchema.safeParse({ amount: '5', cash_out_to: 3, code: '123456' }))).toBe(
      '提现方式只能是银行卡或支付宝',
    );
  });

  it('takes a bank by name or code, a card of 12 to 19 digits, a valid ID', () => {
    const base = {
      real_name: '张三',
      id_card_number: ID,
      account_no: '6225 8801 1234 5678',
      reserve_phone: '13900139000',
      code: '123456',
    };
    const parsed = updateBankRequestSchema.parse({ ...base, bank_name: 'CMB' });
    expect(parsed).toMatchObject({ bank_name: '招商银行', account_no: '6225880112345678' });
    expect(firstMessage(updateBankRequestSchema.safeParse({ ...base, bank_name: '某某银行' }))).toBe(
      '请从列表中选择开户银行',
    );
    expect(firstMessage(updateBankRequestSchema.safeParse({ ...base, bank_name: 'CMB', account_no: '12345' }))).toBe(
      '银行卡号应为12至19位数字',
    );
    expect(firstMessage(updateAlipayRequestSchema.safeParse({ ...base, account_no: 'nobody' }))).toBe(
      '支付宝账号应为手机号或邮箱',
    );
    expect(firstMessage(updateAlipayRequestSchema.safeParse({ ...base, account_no: 'a@b.cn', real_name: '张' }))).toBe(
      '真实姓名至少2个字',
    );
  });

  it('masks ID, card and Alipay numbers', () => {
    expect(maskIdCard(ID)).toBe(`3301**********${ID.slice(-4)}`);
    expect(maskBankCard('6225880112345678')).toBe('6225 **** **** 5678');
    expect(maskAlipayAccount('13800138000')).toBe('138****8000');
    expect(maskAlipayAccount('zhangsan@example.com')).toBe('z***@example.com');
  });
});
