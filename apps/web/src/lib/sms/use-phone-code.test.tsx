// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SmsType } from '@cc/contracts';
import { describe, expect, it } from 'vitest';

import { usePhoneCode } from './use-phone-code';

describe('usePhoneCode', () => {
  it('shows both errors on submit and forgets them when the form is closed, keeping what was typed', () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePhoneCode(SmsType.Login), { wrapper });
    act(() => result.current.changePhone('1380013'));
    act(() => void result.current.validate());
    expect(result.current.phoneError).toBeTruthy();
    expect(result.current.codeError).toBeTruthy();
    act(() => result.current.clearErrors());
    expect(result.current.phoneError).toBeNull();
    expect(result.current.codeError).toBeNull();
    expect(result.current.phone).toBe('1380013');
  });
});
