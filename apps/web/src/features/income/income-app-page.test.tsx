// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IncomeAppPage } from './income-app-page';
import { appList, fakeServer, ok, renderPage } from './income-test-kit';

describe('IncomeAppPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each app’s income for the chosen task type, and an empty state for a type without any', async () => {
    const sent = fakeServer({
      '/agent/v1/sett/app/list': (request: { query: URLSearchParams }) =>
        ok(request.query.get('task_type') === '1' ? appList : { data: [] }),
    });
    renderPage(<IncomeAppPage />, '/income/app');
    // The phone's layout (jsdom's): a card per app.
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('速看短剧');
    expect(rows[0]!.textContent).toContain('¥18.00');
    // What the creator's own tasks earned (the figure my tasks shows), the team's share beside it.
    expect(rows[0]!.textContent).toContain('推广收益 ¥15.00 · 团队收益 ¥3.00');

    fireEvent.click(screen.getByRole('tab', { name: '小说' }));
    expect(await screen.findByRole('group', { name: '暂无应用收益' })).toBeTruthy();
    await waitFor(() => expect(sent.map((request) => request.query.get('task_type'))).toEqual(['1', '2']));
  });

  it('leads back to /income', async () => {
    fakeServer({ '/agent/v1/sett/app/list': ok(appList) });
    const router = renderPage(<IncomeAppPage />, '/income/app');
    fireEvent.click(await screen.findByRole('button', { name: '返回我的收益' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/income'));
  });
});
