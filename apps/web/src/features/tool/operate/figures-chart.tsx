/**
 * One chart of 智能运营: clicks and orders as bars, the conversion rate as a line on its own axis, over hours or
 * platforms. An image to assistive technology, named by `label`; the figures are in the advice beside it.
 */
import { useEffect, useRef } from 'react';
import { operateText } from '../../../locales/zh-CN/operate';
import styles from './operate-panel.module.css';

const t = operateText.insight;

export interface ChartBucket {
  name: string;
  clicks: number;
  orders: number;
  conversion: string;
}

function optionOf(buckets: readonly ChartBucket[]) {
  return {
    grid: { left: 40, right: 44, top: 36, bottom: 28 },
    legend: { top: 0, data: [t.clicks, t.orders, t.conversion] },
    tooltip: { trigger: 'axis' as const },
    xAxis: { type: 'category' as const, data: buckets.map((b) => b.name) },
    yAxis: [
      { type: 'value' as const, minInterval: 1 },
      { type: 'value' as const, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      { name: t.clicks, type: 'bar' as const, data: buckets.map((b) => b.clicks), itemStyle: { color: '#165DFF' } },
      { name: t.orders, type: 'bar' as const, data: buckets.map((b) => b.orders), itemStyle: { color: '#00B42A' } },
      {
        name: t.conversion,
        type: 'line' as const,
        yAxisIndex: 1,
        smooth: true,
        data: buckets.map((b) => Number(b.conversion)),
        itemStyle: { color: '#FF7D00' },
        tooltip: { valueFormatter: (value: unknown) => `${String(value)}%` },
      },
    ],
  };
}

export function FiguresChart({ buckets, label }: { buckets: readonly ChartBucket[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let stop = () => {};
    let unmounted = false;
    // A chart that fails to load leaves its frame empty: the advice above it says what matters.
    void import('./echarts-setup')
      .then(({ init }) => {
        if (unmounted) return;
        const chart = init(element);
        chart.setOption(optionOf(buckets));
        const observer = new ResizeObserver(() => chart.resize());
        observer.observe(element);
        stop = () => {
          observer.disconnect();
          chart.dispose();
        };
      })
      .catch(() => {});
    return () => {
      unmounted = true;
      stop();
    };
  }, [buckets]);

  return <div ref={container} role="img" aria-label={label} className={styles.chart} />;
}
