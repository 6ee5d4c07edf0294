import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  idCardCheckChar,
  isValidIdCard,
  maskPhone,
  validateIdCard,
  validatePhone,
  validateSmsCode,
} from './validators.js';

describe('validatePhone', () => {
  it.each([
    ['', '手机号不能为空'],
    [undefined, '手机号不能为空'],
    ['1380013800', '手机号长度不正确'],
    ['12800138000', '手机号错误，请重新填写'],
    ['23800138000', '手机号错误，请重新填写'],
    ['1380013800a', '手机号错误，请重新填写'],
    ['138001380001', '手机号错误，请重新填写'],
    ['13800138000', null],
    ['19912345678', null],
  ])('%s → %s', (input, expected) => {
    expect(validatePhone(input)).toBe(expected);
  });
});

describe('validateSmsCode', () => {
  it.each([
    ['', '验证码不能为空'],
    ['12345', '验证码只能为六位数字'],
    ['1234567', '验证码只能为六位数字'],
    ['12a456', '验证码只能为六位数字'],
    ['000000', null],
    ['123456', null],
  ])('%s → %s', (input, expected) => {
    expect(validateSmsCode(input)).toBe(expected);
  });
});

describe('digitsOnly', () => {
  it('strips non-digits and cuts to the maximum', () => {
    expect(digitsOnly('138-0013 8000 99', 11)).toBe('13800138000');
    expect(digitsOnly('12a3b4c5d6e7', 6)).toBe('123456');
  });
});

describe('resident ID numbers', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  // 11010519491231002X is the standard's published example; the others are built with its check rule.
  const valid = ['11010519491231002X', `44030620000229123${idCardCheckChar('44030620000229123')}`];

  it('accepts valid numbers, lower-case x included', () => {
    for (const id of valid) expect(isValidIdCard(id, now)).toBe(true);
    expect(isValidIdCard('11010519491231002x', now)).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isValidIdCard('110105194912310021', now)).toBe(false);
  });

  it('rejects an impossible or future birth date', () => {
    const feb30 = `11010519900230123`;
    expect(isValidIdCard(feb30 + idCardCheckChar(feb30), now)).toBe(false);
    const notLeap = `11010519010229123`;
    expect(isValidIdCard(notLeap + idCardCheckChar(notLeap), now)).toBe(false);
    const future = `11010520300101123`;
    expect(isValidIdCard(future + idCardCheckChar(future), now)).toBe(false);
    const ancient = `11010518991231123`;
    expect(isValidIdCard(ancient + idCardCheckChar(ancient), now)).toBe(false);
  });

  it('rejects an unknown region prefix', () => {
    const region99 = `99010519491231002`;
    expect(isValidIdCard(region99 + idCardCheckChar(region99), now)).toBe(false);
    const region00 = `00010519491231002`;
    expect(isValidIdCard(region00 + idCardCheckChar(region00), now)).toBe(false);
  });

  it('rejects wrong lengths and characters', () => {
    expect(isValidIdCard('11010519491231002', now)).toBe(false);
    expect(isValidIdCard('1101051949123100X2', now)).toBe(false);
    expect(validateIdCard('')).toBe('请填写身份证号');
    expect(validateIdCard('   ')).toBe('请填写身份证号');
    expect(validateIdCard('11010519491231002')).toBe('身份证号码不正确');
    expect(validateIdCard('11010519491231002X')).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the first three and last four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
