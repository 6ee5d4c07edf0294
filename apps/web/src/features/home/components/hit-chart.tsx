/** '热剧榜': the top ten of the hit chart (radar), by channel (全部/男频/女频) and sort (最新/最热). */
import { Radio, Spin } from '@arco-design/web-react';
import { RADAR_CHANNELS, RADAR_SORTS, type RadarItem } from '@cc/contracts';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { formatYuan } from '../../../lib/format';
import { taskDetailPath } from '../../../lib/paths';
import { useGuardedNavigate } from '../../../lib/session/use-guarded-navigate';
import { text } from '../../../locales/zh-CN';
import { useRadar } from '../api/get-radar';
import styles from '../home-page.module.css';

const CHART_SIZE = 10;
const ALL = 'all';
type Channel = (typeof RADAR_CHANNELS)[number];
type ChannelChoice = Channel | typeof ALL;
type Sort = (typeof RADAR_SORTS)[number];

function ChartRow({ item }: { item: RadarItem }) {
  const goTo = useGuardedNavigate();
  const taskId = item.task_id;
  const open = taskId ? () => goTo(taskDetailPath({ task_id: taskId, task_type: item.task_type })) : undefined;
  const content = (
    <>
      <span className={item.rank <= 3 ? `${styles.rank} ${styles.topRank}` : styles.rank}>{item.rank}</span>
      <img className={styles.chartCover} src={item.cover_url} alt="" loading="lazy" />
      <span className={styles.chartText}>
        <span className={styles.chartName}>{item.name}</span>
        <span className={styles.chartApp}>{item.app_name}</span>
      </span>
      <span className={styles.chartIncome}>
        <span className={styles.chartIncomeLabel}>{text.home.chart.totalIncome}</span>
        {formatYuan(item.total_income)}
      </span>
    </>
  );
  return (
    <li>
      {open ? (
        <button type="button" className={styles.chartRow} onClick={open}>
          {content}
        </button>
      ) : (
        <div className={styles.chartRow}>{content}</div>
      )}
    </li>
  );
}

export function HitChart() {
  const [channel, setChannel] = useState<ChannelChoice>(ALL);
  const [sort, setSort] = useState<Sort>('total_income');
  const titleId = useId();
  const chart = useRadar({
    channel: channel === ALL ? undefined : channel,
    sort,
    page_num: 1,
    page_size: CHART_SIZE,
  });

  function renderRows() {
    if (chart.isPending) return <Spin className={styles.chartLoading} />;
    if (chart.isError) return <LoadError retrying={chart.isFetching} onRetry={() => void chart.refetch()} />;
    if (chart.data.data.length === 0) return <EmptyState description={text.home.chart.empty} hint="" />;
    return (
      <ol className={styles.chart}>
        {chart.data.data.slice(0, CHART_SIZE).map((item) => (
          <ChartRow key={`${item.rank}-${item.serial_id}`} item={item} />
        ))}
      </ol>
    );
  }

  return (
    <section className={styles.chartPanel} aria-labelledby={titleId}>
      <header className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle} id={titleId}>
          {text.home.chart.title}
        </h2>
        <div className={styles.chartFilters}>
          <Radio.Group type="button" size="small" value={channel} onChange={setChannel}>
            {([ALL, ...RADAR_CHANNELS] as const).map((value) => (
              <Radio key={value} value={value}>
                {text.home.chart.channels[value]}
              </Radio>
            ))}
          </Radio.Group>
          <Radio.Group type="button" size="small" value={sort} onChange={setSort}>
            {RADAR_SORTS.map((value) => (
              <Radio key={value} value={value}>
                {text.home.chart.sorts[value]}
              </Radio>
            ))}
          </Radio.Group>
        </div>
      </header>
      {renderRows()}
    </section>
  );
}
