/** The daily income chart of /income: share income per Beijing day over the last 7, 30 or 90 days (`aggregation.by_day`). */
import { Radio } from '@arco-design/web-react';
import type { SettAggregation, SettDayFigures } from '@cc/contracts';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { DISPLAY_TIME_ZONE, formatYuan } from '../../../lib/format';
import { incomeText } from '../../../locales/zh-CN/income';
import { useSettAggregation } from '../api/get-sett-aggregation';
import styles from '../income-page.module.css';
import { loadEcharts } from './load-echarts';
import { QueryView } from '../../../components/query-view';

const RANGES = [
  { days: 7, label: incomeText.chart.last7 },
  { days: 30, label: incomeText.chart.last30 },
  { days: 90, label: incomeText.chart.last90 },
] as const;

/** The Beijing calendar range of the last `days` days, today included. */
function lastDays(days: number, now = dayjs()) {
  const today = now.tz(DISPLAY_TIME_ZONE);
  return { start_date: today.subtract(days - 1, 'day').format('YYYY-MM-DD'), end_date: today.format('YYYY-MM-DD') };
}

function DailyLine({ days }: { days: SettDayFigures[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let dispose = () => {};
    // A chart that fails to load leaves its frame empty: the figures are in the lists below.
    void loadEcharts()
      .then((echarts) => {
        if (disposed) return;
        const chart = echarts.init(element);
        chart.setOption({
          grid: { left: 48, right: 16, top: 16, bottom: 28 },
          tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatYuan(Number(value)) },
          xAxis: { type: 'category', data: days.map((day) => day.date.slice(5)) },
          yAxis: { type: 'value' },
          series: [
            {
              name: incomeText.chart.series,
              type: 'line',
              smooth: true,
              showSymbol: days.length <= 31,
              areaStyle: { opacity: 0.12 },
              data: days.map((day) => Number(day.share_amount)),
            },
          ],
        });
        const resize = () => chart.resize();
        window.addEventListener('resize', resize);
        dispose = () => {
          window.removeEventListener('resize', resize);
          chart.dispose();
        };
      })
      .catch(() => {});
    return () => {
      disposed = true;
      dispose();
    };
  }, [days]);

  return <div ref={container} className={styles.chart} />;
}

export function IncomeChart() {
  const [days, setDays] = useState<number>(30);
  const range = useMemo(() => lastDays(days), [days]);
  const aggregation = useSettAggregation(range);

  function renderChart({ by_day: byDay }: SettAggregation) {
    if (byDay.every((day) => Number(day.share_amount) === 0 && day.order_count === 0)) {
      return <EmptyState description={incomeText.chart.empty} hint="" />;
    }
    return <DailyLine days={byDay} />;
  }

  return (
    <section className={styles.panel}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{incomeText.chart.title}</h2>
        <Radio.Group type="button" size="small" value={days} onChange={setDays}>
          {RANGES.map((range) => (
            <Radio key={range.days} value={range.days}>
              {range.label}
            </Radio>
          ))}
        </Radio.Group>
      </header>
      <QueryView query={aggregation}>{renderChart}</QueryView>
    </section>
  );
}
