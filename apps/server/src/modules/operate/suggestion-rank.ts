/**
 * Ranks the hit chart's dramas for one creator and says why in words. A pure function of the chart and the creator's
 * own receipts, so the weights are tested without a database. What counts, out of 100:
 * - 50 for the chart position (the top drama earns most for everyone),
 * - 25 for the creator's own orders on that drama's app (they convert there already),
 * - 20 for tags shared with the dramas that brought the creator orders (their audience likes these),
 * - 5 for a drama published in the last 7 days (fresh dramas have fewer promoters).
 * Tasks the creator promotes already are left out.
 */
import { DAY_MS } from '../../beijing-time.js';
import type { ReceiptFigures } from './operate-figures.repository.js';

export interface ChartDrama {
  chart_rank: number;
  task_id: number;
  serial_id: number;
  name: string;
  cover_url: string;
  app_id: number;
  app_name: string;
  tags: string[];
  publish_at: number;
  total_income: string;
}

export interface RankedDrama extends ChartDrama {
  score: number;
  reasons: string[];
}

const FRESH_DAYS = 7;

const percent = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0');

interface History {
  ordersByApp: Map<number, { orders: number; clicks: number }>;
  ordersByTag: Map<string, number>;
  totalOrders: number;
  promoting: Set<number>;
}

function historyOf(receipts: readonly ReceiptFigures[]): History {
  const ordersByApp = new Map<number, { orders: number; clicks: number }>();
  const ordersByTag = new Map<string, number>();
  let totalOrders = 0;
  for (const receipt of receipts) {
    const app = ordersByApp.get(receipt.app_id) ?? { orders: 0, clicks: 0 };
    app.orders += receipt.orders;
    app.clicks += receipt.clicks;
    ordersByApp.set(receipt.app_id, app);
    totalOrders += receipt.orders;
    if (receipt.orders <= 0) continue;
    for (const tag of receipt.tags.split(',').filter(Boolean)) {
      ordersByTag.set(tag, (ordersByTag.get(tag) ?? 0) + receipt.orders);
    }
  }
  return { ordersByApp, ordersByTag, totalOrders, promoting: new Set(receipts.map((r) => r.task_id)) };
}

function rankOne(drama: ChartDrama, chartSize: number, history: History, now: number): RankedDrama {
  const reasons = [`热剧榜第${drama.chart_rank}名，累计收益¥${drama.total_income}`];
  let score = 50 * (1 - (drama.chart_rank - 1) / Math.max(chartSize, 1));

  const app = history.ordersByApp.get(drama.app_id);
  if (app && app.orders > 0 && history.totalOrders > 0) {
    score += 25 * (app.orders / history.totalOrders);
    // Without counted clicks (links shared where visits are not seen) a rate would read 0%: the orders say enough.
    const rate = app.clicks > 0 ? `，转化率${percent(app.orders, app.clicks)}%` : '';
    reasons.unshift(`你在「${drama.app_name}」已带来${app.orders}笔订单${rate}，该应用的用户认你的推广`);
  }

  const liked = drama.tags.filter((tag) => history.ordersByTag.has(tag));
  if (liked.length > 0 && drama.tags.length > 0) {
    score += 20 * (liked.length / drama.tags.length);
    reasons.push(`与你出过单的剧同属「${liked.slice(0, 3).join('、')}」题材`);
  }

  const ageDays = Math.floor((now - drama.publish_at) / DAY_MS);
  if (ageDays >= 0 && ageDays < FRESH_DAYS) {
    score += 5;
    reasons.push(ageDays === 0 ? '今天上架的新剧，推广的人还少' : `${ageDays}天前上架的新剧，推广的人还少`);
  }
  return { ...drama, score: Math.round(score), reasons };
}

/** The `count` best dramas of the chart for this creator, best first (ties: the higher chart position). */
export function rankSuggestions(
  chart: readonly ChartDrama[],
  receipts: readonly ReceiptFigures[],
  now: number,
  count: number,
): RankedDrama[] {
  const history = historyOf(receipts);
  return chart
    .filter((drama) => !history.promoting.has(drama.task_id))
    .map((drama) => rankOne(drama, chart.length, history, now))
    .sort((a, b) => b.score - a.score || a.chart_rank - b.chart_rank)
    .slice(0, count);
}
