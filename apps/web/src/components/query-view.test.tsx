// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { ListPager } from './list-pager';
import { QueryView } from './query-view';

afterEach(cleanup);

/** A query whose answers the test gives one after the other: a promise it settles, then the next. */
function Harness({ answers }: { answers: (() => Promise<string>)[] }) {
  const query = useQuery({ queryKey: ['harness'], queryFn: () => answers.shift()!(), retry: false });
  return <QueryView query={query}>{(data) => <p>{data}</p>}</QueryView>;
}

function renderHarness(answers: (() => Promise<string>)[]) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Harness answers={answers} />
    </QueryClientProvider>,
  );
}

describe('QueryView', () => {
  it('spins while loading, then renders the data', async () => {
    let settle: (value: string) => void = () => undefined;
    renderHarness([() => new Promise((resolve) => (settle = resolve))]);
    expect(screen.getByRole('status', { name: '加载中...' })).toBeTruthy();
    settle('收益数据');
    expect(await screen.findByText('收益数据')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the server's message with a retry that asks again", async () => {
    renderHarness([() => Promise.reject(new ApiError(40001, '账号已冻结')), () => Promise.resolve('又有了')]);
    expect((await screen.findByRole('alert')).textContent).toBe('账号已冻结');
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('又有了')).toBeTruthy();
  });
});

describe('ListPager', () => {
  it('is absent for one page and pages a longer list', () => {
    const pages: number[] = [];
    const { rerender } = render(
      <ListPager current={1} total={10} pageSize={10} onChange={(page) => pages.push(page)} />,
    );
    // The pager is the list of pages.
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<ListPager current={1} total={11} pageSize={10} onChange={(page) => pages.push(page)} />);
    expect(screen.getByRole('list')).toBeTruthy();
    fireEvent.click(screen.getByText('2'));
    expect(pages).toEqual([2]);
  });
});
