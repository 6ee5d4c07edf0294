import { describe, expect, it } from 'vitest';
import { allAmount, amountInput, checkWithdrawAmount } from './withdraw-amount';

const limits = { min_amount: '1.00', max_amount: '98000.00', can_out: '150.50' };

describe('checkWithdrawAmount', () => {
  it('accepts an amount within the minimum and the balance, as yuan with two decimals', () => {
    expect(checkWithdrawAmount('100', limits)).toEqual({ amount: '100.00', error: null });
    expect(checkWithdrawAmount('150.5', limits)).toEqual({ amount: '150.50', error: null });
  });

  it('names what is wrong in Chinese', () => {
    expect(checkWithdrawAmount('', limits).error).toBe('请输入提现金额');
    expect(checkWithdrawAmount('0.5', limits).error).toBe('提现金额不能低于1元');
    expect(checkWithdrawAmount('2', { ...limits, min_amount: '5.00' }).error).toBe('提现金额不能低于5.00元');
    expect(checkWithdrawAmount('150.51', limits).error).toBe('提现金额不能超过可提现金额');
    expect(checkWithdrawAmount('98000.01', { ...limits, can_out: '100000.00' }).error).toBe(
      '单笔提现金额不能超过98000元',
    );
    expect(checkWithdrawAmount('1.234', limits).error).toBe('提现金额最多两位小数');
  });
});

describe('allAmount', () => {
  it('is the whole balance, capped at the single-withdrawal maximum', () => {
    expect(allAmount(limits)).toBe('150.50');
    expect(allAmount({ ...limits, can_out: '120000.00' })).toBe('98000.00');
  });
});

describe('amountInput', () => {
  it('keeps digits and one point with at most two decimals', () => {
    expect(amountInput('12a3.456')).toBe('123.45');
    expect(amountInput('1.2.3')).toBe('1.23');
    expect(amountInput('¥ 50')).toBe('50');
  });
});
