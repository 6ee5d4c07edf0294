// @vitest-environment jsdom
// Under Vitest, Node resolves Arco to its CommonJS build (lib/), so the adapter must be that build's too.
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { renderHook } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useLoginModalState } from '../session/login-modal';
import { clearToken, setToken } from '../session/token';
import { ensurePoints } from './ensure-points';
import { closePointsModal, usePointsModal } from './points-modal';

function answerTotal(total: number) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ code: 0, msg: 'ok', body: { total, buy: 0, gift: total } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ensurePoints', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closePointsModal();
    clearToken();
    document.body.innerHTML = '';
  });
  // Arco's Message leaves timers behind; let them fire while the DOM still exists.
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));

  it('lets the tool run when the balance covers it', async () => {
    setToken('token');
    answerTotal(120);
    expect(await ensurePoints(120)).toBe(true);
    expect(renderHook(() => usePointsModal()).result.current.visible).toBe(false);
  });

  it('says the balance is short and opens the points list otherwise', async () => {
    setToken('token');
    answerTotal(99);
    expect(await ensurePoints(100)).toBe(false);
    const modal = renderHook(() => usePointsModal()).result.current;
    expect(modal).toMatchObject({ visible: true, view: 'list' });
    expect(document.body.textContent).toContain('您账户上积分余额不足，请充值后重试');
  });

  it('asks a logged-out visitor to log in first, without calling the server', async () => {
    const fetchMock = answerTotal(1000);
    expect(await ensurePoints(1)).toBe(false);
    expect(renderHook(() => useLoginModalState()).result.current.visible).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
