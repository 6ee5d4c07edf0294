import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../beijing-time.js';
import { rankSuggestions, type ChartDrama } from './suggestion-rank.js';

const NOW = Date.UTC(2026, 10, 21, 4);

const drama = (rank: number, overrides: Partial<ChartDrama> = {}): ChartDrama => ({
  chart_rank: rank,
  task_id: rank * 10,
  serial_id: rank,
  name: `剧${rank}`,
  cover_url: '',
  app_id: 1,
  app_name: '红果短剧',
  tags: [],
  publish_at: NOW - 30 * DAY_MS,
  total_income: '100.00',
  ...overrides,
});

describe('rankSuggestions', () => {
  it('follows the chart when the creator has no history', () => {
    const ranked = rankSuggestions([drama(1), drama(2), drama(3)], [], NOW, 10);
    expect(ranked.map((d) => d.chart_rank)).toEqual([1, 2, 3]);
    expect(ranked[0]).toMatchObject({ score: 50, reasons: ['热剧榜第1名，累计收益¥100.00'] });
  });

  it("lifts the creator's converting app and tags, leaves out what they promote, and keeps the count", () => {
    const chart = [
      drama(1),
      drama(2, { app_id: 2, app_name: '河马剧场', tags: ['逆袭', '战神'] }),
      drama(3, { app_id: 2, app_name: '河马剧场' }),
      drama(4, { publish_at: NOW - 2 * DAY_MS }),
    ];
    const receipts = [{ task_id: 30, app_id: 2, tags: '逆袭,都市', clicks: 40, orders: 4, share_fen: 1000 }];
    const ranked = rankSuggestions(chart, receipts, NOW, 2);
    expect(ranked.map((d) => d.chart_rank)).toEqual([2, 1]);
    expect(ranked[0]!.reasons).toEqual([
      '你在「河马剧场」已带来4笔订单，转化率10.0%，该应用的用户认你的推广',
      '热剧榜第2名，累计收益¥100.00',
      '与你出过单的剧同属「逆袭」题材',
    ]);
    expect(ranked[0]!.score).toBe(Math.round(50 * (1 - 1 / 4) + 25 + 20 * 0.5));
    const all = rankSuggestions(chart, receipts, NOW, 10);
    expect(all.map((d) => d.task_id)).not.toContain(30);
    expect(all.find((d) => d.chart_rank === 4)!.reasons).toContain('2天前上架的新剧，推广的人还少');
    const unclicked = rankSuggestions(chart, [{ ...receipts[0]!, clicks: 0 }], NOW, 1);
    expect(unclicked[0]!.reasons[0]).toBe('你在「河马剧场」已带来4笔订单，该应用的用户认你的推广');
  });
});
