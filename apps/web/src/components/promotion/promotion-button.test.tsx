// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApplyModal, useApplyModalVisible } from '../../lib/apply-modal';
import { closePromotionDialog, usePromotionDialog } from '../../lib/promotion/promotion-dialog-store';
import { closeLoginModal, useLoginModalState } from '../../lib/session/login-modal';
import { clearToken, setToken } from '../../lib/session/token';
import { PromotionButton, type PromotionTask } from './promotion-button';
import { fakeServer, renderWithRouter } from './promotion-test-kit';

const task: PromotionTask = {
  task_id: 7,
  task_type: 1,
  app_id: 3,
  serial_name: '霸道总裁爱上我',
  app_name: '红果短剧',
};

const receiveAnswer = {
  code: 0,
  msg: 'ok',
  body: {
    atr_id: 42,
    serial_link: 'https://cc.example/s/Ab3dE',
    app_link: 'hongguo://serial/7?code=K7Q2P9',
    code: 'K7Q2P9',
    facebook_url: '/media/t1.mp4',
    tiktok_url: '/media/t2.mp4',
  },
};

/** Shows the app-wide state the button drives, so the test reads it the way the screen would. */
function Probe() {
  const login = useLoginModalState();
  const applyModal = useApplyModalVisible();
  const dialog = usePromotionDialog();
  return (
    <output>
      {login.visible && 'login-open '}
      {applyModal && 'apply-open '}
      {dialog.visible && `dialog:${dialog.content?.result.code}:${dialog.content?.serialName}`}
    </output>
  );
}

function renderButton(props: Partial<Parameters<typeof PromotionButton>[0]> = {}) {
  return renderWithRouter(
    <>
      <PromotionButton task={task} {...props} />
      <Probe />
    </>,
  );
}

/** The one button rendered: its name is what the tests check. */
const button = () => screen.getByRole('button');
const probe = () => screen.getByRole('status').textContent ?? '';

describe('PromotionButton', () => {
  beforeEach(() => setToken('t0k3n'));
  afterEach(() => {
    act(() => {
      closeLoginModal();
      closePromotionDialog();
    });
    Message.clear();
    cleanup();
    vi.unstubAllGlobals();
    clearToken();
  });

  it("reads '推广' and, logged out, opens the login modal without calling the server", () => {
    const sent = fakeServer({});
    clearToken();
    renderButton();
    expect(button().textContent).toBe('推广');
    fireEvent.click(button());
    expect(probe()).toContain('login-open');
    expect(sent).toHaveLength(0);
  });

  it('toTask goes to the task center and closes the apply modal', async () => {
    fakeServer({});
    act(() => openApplyModal());
    const router = renderButton({ task: undefined, toTask: true });
    expect(button().textContent).toBe('去推广');
    expect(probe()).toContain('apply-open');
    fireEvent.click(button());
    await waitFor(() => expect(router.state.location.pathname).toBe('/task'));
    expect(probe()).not.toContain('apply-open');
  });

  it('toDetail opens the task detail with task_id, app_id and task_type', async () => {
    const sent = fakeServer({});
    const router = renderButton({ toDetail: true });
    fireEvent.click(button());
    await waitFor(() => expect(router.state.location.pathname).toBe('/task-detail'));
    expect(router.state.location.search).toBe('?task_id=7&app_id=3&task_type=1');
    expect(sent).toHaveLength(0);
  });

  it('receives the task and opens the promotion dialog with the result', async () => {
    const sent = fakeServer({ '/agent/v1/task/receive': receiveAnswer });
    renderButton();
    fireEvent.click(button());
    await waitFor(() => expect(probe()).toContain('dialog:K7Q2P9:霸道总裁爱上我'));
    expect(sent).toEqual([
      {
        path: '/agent/v1/task/receive',
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ task_id: 7, task_type: 1 }),
      },
    ]);
  });

  it("says '服务器错误，请重试' when the receive answers a non-zero code", async () => {
    fakeServer({ '/agent/v1/task/receive': { code: 40031, msg: '该任务已结束推广', body: null } });
    renderButton();
    fireEvent.click(button());
    expect(await screen.findByText('服务器错误，请重试')).toBeTruthy();
    expect(probe()).not.toContain('dialog');
  });

  it('does not bubble its click to a card around it', () => {
    fakeServer({});
    clearToken();
    const onCardClick = vi.fn();
    renderWithRouter(
      <div onClick={onCardClick}>
        <PromotionButton task={task} />
      </div>,
    );
    fireEvent.click(button());
    expect(onCardClick).not.toHaveBeenCalled();
  });
});
