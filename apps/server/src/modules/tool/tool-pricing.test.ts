import { createJobSchema } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { quoteJob, type ToolPrices } from './tool-pricing.js';

const prices: ToolPrices = {
  dedup: { perOutput: 2, perMinute: 3 },
  mixcut: { perOutput: 10, perMinute: 5 },
  translate: { perOutput: 4, perMinute: 6 },
  parse: { perOutput: 1, perMinute: 2 },
  commentary: { perOutput: 10, perMinute: 8 },
};

describe('quoteJob', () => {
  it('prices a translation per source video and per started minute of its length', () => {
    const job = createJobSchema.parse({ tool: 'translate', media_ids: [1, 2], config: {} });
    const quote = quoteJob(
      job,
      new Map([
        [1, 59],
        [2, 61],
      ]),
      prices,
    );
    expect(quote).toEqual({ price: 2 * 4 + 3 * 6, outputs: 2, minutes: 3, per_output: 4, per_minute: 6 });
  });

  it('prices de-duplication per output and per started minute of each source', () => {
    const job = createJobSchema.parse({
      tool: 'dedup',
      media_ids: [1, 2],
      config: { options: ['flip'], output_count: 2 },
    });
    const quote = quoteJob(
      job,
      new Map([
        [1, 59.5],
        [2, 61],
      ]),
      prices,
    );
    // 4 outputs; minutes: (1 + 2) per copy × 2 copies = 6.
    expect(quote).toEqual({ price: 4 * 2 + 6 * 3, outputs: 4, minutes: 6, per_output: 2, per_minute: 3 });
  });

  it('counts a source of exactly one minute as one minute, and a very short one as one', () => {
    const job = createJobSchema.parse({ tool: 'dedup', media_ids: [1, 2], config: { options: ['speed'] } });
    expect(
      quoteJob(
        job,
        new Map([
          [1, 60],
          [2, 0.4],
        ]),
        prices,
      ).minutes,
    ).toBe(2);
  });

  it('prices the mixed cut on its bucket, scripts × copies', () => {
    const job = createJobSchema.parse({
      tool: 'mixcut',
      media_ids: [1],
      config: { cut_duration: 150, script_count: 2, output_count: 3 },
    });
    // 6 outputs of at most 150 s = 3 started minutes each.
    expect(quoteJob(job, new Map(), prices)).toMatchObject({ outputs: 6, minutes: 18, price: 60 + 90 });
  });

  it('prices auto as the longest bucket and reviewed timelines by their length', () => {
    const auto = createJobSchema.parse({ tool: 'mixcut', media_ids: [1], config: {} });
    expect(quoteJob(auto, new Map(), prices)).toMatchObject({ outputs: 1, minutes: 5, price: 35 });
    const reviewed = createJobSchema.parse({
      tool: 'mixcut',
      media_ids: [1],
      config: { scripts: [{ clips: [{ media_id: 1, start: 0, end: 70 }] }] },
    });
    expect(quoteJob(reviewed, new Map(), prices)).toMatchObject({ outputs: 1, minutes: 2, price: 20 });
  });

  it('prices a parse per episode and per started minute of each episode', () => {
    const job = createJobSchema.parse({ tool: 'parse', media_ids: [1, 2], config: {} });
    expect(job.config).toEqual({ language: 'zh', summary: true });
    const quote = quoteJob(
      job,
      new Map([
        [1, 59],
        [2, 61],
      ]),
      prices,
    );
    expect(quote).toEqual({ price: 2 * 1 + 3 * 2, outputs: 2, minutes: 3, per_output: 1, per_minute: 2 });
  });
});
