// @vitest-environment jsdom
import '@arco-design/web-react/lib/_util/react-19-adapter';
import type { Media } from '@cc/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../../lib/session/token';
import { MediaTagsEditor } from './media-tags-editor';

const media: Media = {
  id: 7,
  name: '第1集.mp4',
  kind: 'upload',
  type: 'video',
  status: 'ready',
  error: null,
  folder: '龙王归来',
  tags: ['高能'],
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
  serial_id: null,
  episode_id: null,
  episode_no: null,
  created_at: '2026-11-20T08:00:00.000Z',
};

function fakeServer() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : null;
      sent.push({ method: init.method ?? 'GET', path: url.split('?')[0]!, body });
      return new Response(JSON.stringify({ code: 0, msg: '已保存', body: { ...media, ...(body as object) } }));
    }),
  );
  return sent;
}

/** The text box inside the labelled tag field. */
const tagInput = () => screen.getByLabelText('标签').querySelector('input')!;

describe('MediaTagsEditor', () => {
  beforeEach(() => {
    setToken('t0k3n');
    // Arco's form grid asks for media queries, which jsdom lacks.
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

  it('moves an item to another folder and adds a tag through the media update', async () => {
    const sent = fakeServer();
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(<MediaTagsEditor media={media} folders={['龙王归来', '第二季']} onClose={onClose} onSaved={onSaved} />);
    const folder = await screen.findByLabelText('文件夹');
    fireEvent.change(folder, { target: { value: '第二季' } });
    const tags = tagInput();
    fireEvent.change(tags, { target: { value: '待剪' } });
    fireEvent.keyDown(tags, { key: 'Enter', keyCode: 13 });
    await screen.findByText('待剪');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([
      { method: 'POST', path: '/ai/v1/media/7/update', body: { folder: '第二季', tags: ['高能', '待剪'] } },
    ]);
  });

  it('refuses an eleventh tag and a tag over 20 characters without sending anything', async () => {
    const sent = fakeServer();
    const full = { ...media, tags: Array.from({ length: 10 }, (_, i) => `标签${i + 1}`) };
    render(<MediaTagsEditor media={full} folders={[]} onClose={() => undefined} onSaved={() => undefined} />);
    await screen.findByLabelText('文件夹');
    const tags = tagInput();
    fireEvent.change(tags, { target: { value: '第十一个' } });
    fireEvent.keyDown(tags, { key: 'Enter', keyCode: 13 });
    await screen.findByText('最多 10 个标签');
    expect(screen.queryByText('第十一个')).toBeNull();
    fireEvent.change(tags, { target: { value: '长'.repeat(21) } });
    fireEvent.keyDown(tags, { key: 'Enter', keyCode: 13 });
    await screen.findByText('单个标签不能超过 20 个字');
    expect(sent).toEqual([]);
  });
});
