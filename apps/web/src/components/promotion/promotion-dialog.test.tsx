// @vitest-environment jsdom
// Under Vitest, Node resolves Arco to its CommonJS build (lib/), so the adapter must be that build's too.
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { promotionCopyText, type ReceiveResult } from '@cc/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closePromotionDialog, openPromotionDialog } from '../../lib/promotion/promotion-dialog-store';
import { setToken } from '../../lib/session/token';
import { PromotionDialog } from './promotion-dialog';
import { fakeServer, renderWithRouter } from './promotion-test-kit';

const players = vi.hoisted(() => ({ created: [] as Array<Record<string, unknown>>, destroyed: 0 }));
vi.mock('xgplayer', () => ({
  default: class FakePlayer {
    constructor(options: Record<string, unknown>) {
      players.created.push(options);
    }
    on() {}
    destroy() {
      players.destroyed += 1;
    }
  },
  Events: { ERROR: 'error' },
}));

const writeText = vi.fn(async (_value: string) => {});

const result: ReceiveResult = {
  atr_id: 42,
  serial_link: 'https://cc.example/s/Ab3dE',
  app_link: 'hongguo://serial/7?code=K7Q2P9',
  code: 'K7Q2P9',
  facebook_url: '/media/tutorial/video.mp4',
  tiktok_url: '/media/tutorial/short.mp4',
};

function open(content: Partial<ReceiveResult> = {}, taskType = 1) {
  act(() =>
    openPromotionDialog({
      result: { ...result, ...content },
      serialName: '霸道总裁爱上我',
      appName: '红果短剧',
      taskType,
    }),
  );
}

describe('PromotionDialog', () => {
  beforeEach(() => {
    setToken('t0k3n');
    players.created.length = 0;
    players.destroyed = 0;
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    act(() => closePromotionDialog());
    Message.clear();
    cleanup();
    vi.unstubAllGlobals();
    writeText.mockClear();
  });
  // Arco's modal leaves a closing-transition timer behind; let it fire while the DOM still exists.
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 1000)));

  it('shows the two links, the code and the code text, the text built from the serial, app and code', async () => {
    fakeServer({});
    renderWithRouter(<PromotionDialog />);
    open();
    expect(await screen.findByText('推广链接')).toBeTruthy();
    for (const label of ['短剧链接', 'APP链接', '口令', '口令推广文案']) expect(screen.getByText(label)).toBeTruthy();
    // The values sit beside their labels, which no role is named by: test ids.
    expect(screen.getByTestId('value-serial_link').textContent).toBe(result.serial_link);
    expect(screen.getByTestId('value-app_link').textContent).toBe(result.app_link);
    expect(screen.getByTestId('value-code').textContent).toBe('K7Q2P9');
    expect(screen.getByTestId('value-copy_text').textContent).toBe(
      promotionCopyText('霸道总裁爱上我', '红果短剧', 'K7Q2P9'),
    );
  });

  it('calls a novel’s link 小说链接, and says so when it is copied', async () => {
    fakeServer({});
    renderWithRouter(<PromotionDialog />);
    open({ atr_id: 0 }, 2);
    await screen.findByText('推广链接');
    expect(screen.getByText('小说链接')).toBeTruthy();
    expect(screen.queryByText('短剧链接')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '复制小说链接' }));
    expect(await screen.findByText('小说链接已复制')).toBeTruthy();
  });

  it('warns that a link on this machine’s address cannot be shared, and only then', async () => {
    fakeServer({});
    renderWithRouter(<PromotionDialog />);
    open();
    await screen.findByText('推广链接');
    const warning = '链接指向本机地址，他人无法打开';
    expect(screen.queryByText(warning)).toBeNull();
    act(() => closePromotionDialog());
    open({ serial_link: 'http://localhost:8080/s/Ab3dE' });
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(screen.getByText(/PUBLIC_BASE_URL/)).toBeTruthy();
  });

  it('copies, says the task joined my tasks, and activates it once with a form body', async () => {
    const sent = fakeServer({
      '/agent/v1/task/active': { code: 0, msg: 'ok', body: { atr_id: 42, actived_at: '2026-11-21T08:00:00.000Z' } },
    });
    renderWithRouter(<PromotionDialog />);
    open();
    await screen.findByText('推广链接');

    fireEvent.click(screen.getByRole('button', { name: '复制短剧链接' }));
    expect(await screen.findByText('短剧链接已复制，已添加到我的任务')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(result.serial_link);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/agent/v1/task/active',
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded',
      body: 'atr_id=42',
    });

    // Already in my tasks: the second copy says only what it copied.
    const success = vi.spyOn(Message, 'success');
    fireEvent.click(screen.getByRole('button', { name: '复制口令' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('K7Q2P9'));
    await waitFor(() => expect(success.mock.calls.map(([content]) => content)).toEqual(['口令已复制']));
    success.mockRestore();
    expect(sent).toHaveLength(1);
  });

  it('only says what was copied, and activates nothing, without an atr_id', async () => {
    const sent = fakeServer({});
    renderWithRouter(<PromotionDialog />);
    open({ atr_id: 0 });
    await screen.findByText('推广链接');
    // Toasts of earlier tests may still be fading out, so read what this copy asked to show.
    const success = vi.spyOn(Message, 'success');

    fireEvent.click(screen.getByRole('button', { name: '复制口令推广文案' }));
    expect(await screen.findByText('口令推广文案已复制')).toBeTruthy();
    expect(success.mock.calls.map(([content]) => content)).toEqual(['口令推广文案已复制']);
    success.mockRestore();
    expect(sent).toHaveLength(0);
  });

  it('falls back to a textarea when the Clipboard API is refused', async () => {
    fakeServer({ '/agent/v1/task/active': { code: 0, msg: 'ok', body: { atr_id: 42, actived_at: '' } } });
    writeText.mockRejectedValueOnce(new Error('denied'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderWithRouter(<PromotionDialog />);
    open();
    await screen.findByText('推广链接');

    fireEvent.click(screen.getByRole('button', { name: '复制APP链接' }));
    expect(await screen.findByText('APP链接已复制，已添加到我的任务')).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('starts both tutorial players muted when it opens and destroys them when it closes', async () => {
    fakeServer({});
    renderWithRouter(<PromotionDialog />);
    open();
    await screen.findByText('视频网站教程');
    expect(screen.getByText('短视频教程')).toBeTruthy();
    // The player's code is imported on first use.
    await waitFor(() => expect(players.created.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    const urls = players.created.map((options) => options.url);
    expect(urls).toEqual(expect.arrayContaining([result.facebook_url, result.tiktok_url]));
    expect(players.created[0]).toMatchObject({ autoplay: true, autoplayMuted: true });

    const alive = players.created.length - players.destroyed;
    expect(alive).toBe(2);
    act(() => closePromotionDialog());
    await waitFor(() => expect(players.created.length - players.destroyed).toBe(0));
  });
});
