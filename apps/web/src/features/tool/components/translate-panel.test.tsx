// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import type { Media, ToolInfo } from '@cc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/session/token';
import { TranslatePanel } from './translate-panel';

const video: Media = {
  id: 7,
  name: '第1集.mp4',
  kind: 'episode',
  type: 'video',
  status: 'ready',
  error: null,
  folder: '',
  tags: [],
  size: 1000,
  duration: 60,
  width: 480,
  height: 270,
  video_codec: 'h264',
  audio_codec: 'aac',
  url: '/v.mp4',
  download_url: '/d.mp4',
  poster_url: '/p.jpg',
  sprite: null,
  job_id: null,
  serial_id: 1,
  episode_id: 1,
  episode_no: 1,
  created_at: '2026-11-20T08:00:00.000Z',
};

function translateTool(available: boolean): ToolInfo {
  return {
    id: 'translate',
    name: '字幕翻译',
    description: '',
    status: 'available',
    available,
    unavailable_reason: available ? null : '翻译服务未配置，请联系运营',
    price: { per_output: 5, per_minute: 2 },
    limits: { max_media: 20, max_outputs: 1, max_scripts: 0 },
  };
}

const cues = [
  { start_ms: 1000, end_ms: 2500, text: 'Hello there.', translation: '你好。' },
  { start_ms: 3000, end_ms: 4500, text: 'Goodbye.', translation: '再见。' },
];

/** The server as the panel sees it: each path's answer, and every request sent. */
function fakeServer(available: boolean) {
  const sent: { path: string; body: unknown }[] = [];
  let subtitleAsks = 0;
  const answer = (path: string): unknown => {
    if (path === '/ai/v1/tools') return { data: [translateTool(available)] };
    if (path === '/ai/v1/voices') return { data: [{ id: 'espeak-zh', name: '普通话', builtin: true }] };
    if (path === '/ai/v1/media')
      return { data: [video], page: { page_num: 1, page_size: 12, total_count: 1, total_page: 1 } };
    if (path === '/ai/v1/translate/subtitles')
      return (subtitleAsks += 1) === 1
        ? { status: 'working', progress: 30, origin: null, cues: [], error: null }
        : { status: 'ready', progress: 100, origin: 'recognised', cues, error: null };
    if (path === '/ai/v1/jobs/quote') return { price: 7, outputs: 1, minutes: 1, per_output: 5, per_minute: 2 };
    throw new Error(`unexpected ${path}`);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      sent.push({ path, body: init.body ? (JSON.parse(String(init.body)) as unknown) : null });
      return new Response(JSON.stringify({ code: 0, msg: 'ok', body: answer(path) }));
    }),
  );
  return sent;
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TranslatePanel onCreated={() => undefined} />
    </QueryClientProvider>,
  );
}

async function pickVideo() {
  fireEvent.click(screen.getByRole('button', { name: '选择素材' }));
  const picker = await screen.findByRole('dialog', { name: '从素材库选择' });
  fireEvent.click((await within(picker).findAllByRole('checkbox', { name: /第1集/ }))[0]!);
  fireEvent.click(within(picker).getByRole('button', { name: /^确定/ }));
}

describe('TranslatePanel', () => {
  beforeEach(() => {
    setToken('t0k3n');
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(() => {
    cleanup();
    clearToken();
    vi.unstubAllGlobals();
  });

  it('says why it cannot run when the translation service is not configured, and runs nothing', async () => {
    const sent = fakeServer(false);
    renderPanel();
    const panel = screen.getByRole('region', { name: '字幕翻译' });
    await within(panel).findByRole('alert');
    expect(within(panel).getByRole('alert').textContent).toContain('翻译服务未配置，请联系运营');
    await pickVideo();
    await within(panel).findByText(/第1集\.mp4/);
    expect(within(panel).getByRole('status').textContent).toContain('翻译服务未配置，请联系运营');
    expect(within(panel).getByRole('button', { name: '生成字幕' })).toHaveProperty('disabled', true);
    expect(within(panel).getByRole('button', { name: '开始翻译' })).toHaveProperty('disabled', true);
    expect(sent.map((s) => s.path)).not.toContain('/ai/v1/jobs/quote');
    expect(sent.map((s) => s.path)).not.toContain('/ai/v1/translate/subtitles');
  });

  it('generates the list while working, and quotes the run with the corrected cues', async () => {
    const sent = fakeServer(true);
    renderPanel();
    const panel = screen.getByRole('region', { name: '字幕翻译' });
    await pickVideo();
    const generate = await within(panel).findByRole('button', { name: '生成字幕' });
    await waitFor(() => expect(generate).toHaveProperty('disabled', false));
    fireEvent.click(generate);
    await within(panel).findByText('正在识别与翻译 30%…');
    const list = await within(panel).findByRole('list', { name: '字幕列表' }, { timeout: 5000 });
    expect(within(panel).getByText('字幕来源：语音识别')).toBeTruthy();
    expect((within(list).getByRole('textbox', { name: '第 1 条 开始时间' }) as HTMLInputElement).value).toBe(
      '00:01.000',
    );
    fireEvent.change(within(list).getByRole('textbox', { name: '第 1 条 译文' }), { target: { value: '你好呀。' } });
    fireEvent.click(within(list).getByRole('button', { name: '删除第 2 条字幕' }));
    await waitFor(
      () => {
        const quote = sent.filter((s) => s.path === '/ai/v1/jobs/quote').at(-1);
        expect(quote?.body).toMatchObject({
          tool: 'translate',
          media_ids: [7],
          config: { cues: [{ start_ms: 1000, end_ms: 2500, text: 'Hello there.', translation: '你好呀。' }] },
        });
      },
      { timeout: 3000 },
    );
    expect(sent.find((s) => s.path === '/ai/v1/translate/subtitles')?.body).toEqual({
      media_id: 7,
      subtitle_media_id: null,
      source_language: 'en',
      target_language: 'zh',
    });
    // The preview shows the first line as corrected.
    expect(within(screen.getByRole('figure', { name: '字幕样式预览' })).getByText('你好呀。')).toBeTruthy();
    // A time that is not one holds the run back and says which line.
    fireEvent.change(within(list).getByRole('textbox', { name: '第 1 条 结束时间' }), { target: { value: '2秒' } });
    await within(list).findByRole('alert');
    expect(
      within(panel)
        .getAllByRole('status')
        .some((s) => s.textContent?.includes('第 1 条字幕：')),
    ).toBe(true);
  }, 15_000);
});
