// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleUserInfo as userInfo } from '../../../lib/session/sample-user-info';
import { userInfoQueryKey } from '../../../lib/session/session';
import { clearToken, setToken } from '../../../lib/session/token';
import { ApplyForm } from './apply-form';

function renderForm(known: typeof userInfo | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (known) {
    setToken('token-of-the-test');
    client.setQueryData(userInfoQueryKey, known);
  }
  render(
    <QueryClientProvider client={client}>
      <ApplyForm onSubmitted={vi.fn()} />
    </QueryClientProvider>,
  );
}

const valueOf = (placeholder: string) => (screen.getByPlaceholderText(placeholder) as HTMLInputElement).value;

describe('ApplyForm', () => {
  // Arco's grid asks for media queries, which jsdom lacks.
  beforeAll(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterAll(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    clearToken();
  });

  it('prefills what is known of a logged-in creator: the phone and the verified real name', () => {
    renderForm({ ...userInfo, phone: '13800138000', real_name: '张三' });
    expect(valueOf('请输入手机号')).toBe('13800138000');
    expect(screen.getByDisplayValue('张三')).toBeTruthy();
  });

  it('starts empty for a visitor', () => {
    renderForm(null);
    expect(valueOf('请输入手机号')).toBe('');
    expect(screen.queryByDisplayValue('张三')).toBeNull();
  });
});
