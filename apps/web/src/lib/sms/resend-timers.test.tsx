// @vitest-environment jsdom
import { SmsType } from '@cc/contracts';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdResend, resendKey, useResendIn, waitNamedIn } from './resend-timers';

describe('resend countdowns per purpose and phone', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts down one purpose without holding up another, nor the same purpose to another phone', () => {
    vi.useFakeTimers();
    const phone = '13800138000';
    const login = renderHook(() => useResendIn(resendKey(SmsType.Login, phone)));
    const wallet = renderHook(() => useResendIn(resendKey(SmsType.Wallet, phone)));
    const otherPhone = renderHook(() => useResendIn(resendKey(SmsType.Wallet, '13900139000')));
    act(() => holdResend(resendKey(SmsType.Wallet, phone), 60));
    expect(wallet.result.current).toBe(60);
    expect(login.result.current).toBe(0);
    expect(otherPhone.result.current).toBe(0);
    act(() => vi.advanceTimersByTime(15_000));
    expect(wallet.result.current).toBe(45);
    // A dialog opened again later reads the same countdown.
    const reopened = renderHook(() => useResendIn(resendKey(SmsType.Wallet, phone)));
    expect(reopened.result.current).toBe(45);
  });

  it('reads the wait a refusal names', () => {
    expect(waitNamedIn('验证码发送太频繁，请45秒后再试')).toBe(45);
    expect(waitNamedIn('该手机号今日获取验证码次数已达上限，请明天再试')).toBeNull();
  });
});
