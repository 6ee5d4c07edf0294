import { describe, expect, it } from 'vitest';
import { parseSse, readSse } from './sse';

describe('parseSse', () => {
  it('parses complete events, keeps the unfinished rest, skips comments', () => {
    const { events, rest } = parseSse('event: job\ndata: {"a":1}\n\n: keep-alive\n\nevent: job\ndata: {"a"');
    expect(events).toEqual([{ event: 'job', data: '{"a":1}' }]);
    expect(rest).toBe('event: job\ndata: {"a"');
  });

  it('joins multi-line data, defaults the event name and accepts CRLF', () => {
    expect(parseSse('data: one\r\ndata: two\r\n\r\n').events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('reads events split across chunks from a stream', async () => {
    const encoder = new TextEncoder();
    const chunks = ['event: job\nda', 'ta: {"progress":5}\n', '\nevent: job\ndata: {"progress":100}\n\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const seen: string[] = [];
    await readSse(body, (e) => seen.push(e.data));
    expect(seen).toEqual(['{"progress":5}', '{"progress":100}']);
  });
});
