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
  return <QueryView query={query}>{(data) => <p data-testid="data">{data}</p>}</QueryView>;
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
    const { container } = renderHarness([() => new Promise((resolve) => (settle = resolve))]);
    expect(container.querySelector('.arco-spin')).not.toBeNull();
    settle('收益数据');
    expect((await screen.findByTestId('data')).textContent).toBe('收益数据');
  });

  it("shows the server's message with a retry that asks again", async () => {
    renderHarness([() => Promise.reject(new ApiError(40001, '账号已冻结')), () => Promise.resolve('又有了')]);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('账号已冻结');
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect((await screen.findByTestId('data')).textContent).toBe('又有了');
  });
});

describe('ListPager', () => {
  it('is absent for one page and pages a longer list', () => {
    const pages: number[] = [];
    const { container, rerender } = render(
      <ListPager current={1} total={10} pageSize={10} onChange={(page) => pages.push(page)} />,
    );
    expect(container.querySelector('.arco-pagination')).toBeNull();
    rerender(<ListPager current={1} total={11} pageSize={10} onChange={(page) => pages.push(page)} />);
    expect(container.querySelector('.arco-pagination')).not.toBeNull();
    fireEvent.click(screen.getByText('2'));
    expect(pages).toEqual([2]);
  });
});
