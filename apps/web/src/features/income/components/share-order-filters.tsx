/**
 * The filters of the share order list: task type, app, share type, settlement status and Beijing order dates (a
 * range on desktops, one month on phones).
 */
import { DatePicker, Select } from '@arco-design/web-react';
import {
  SETT_STATUS_LABELS,
  SHARE_TYPE_LABELS,
  TASK_TYPE_LABELS,
  TaskType,
  type SettStatus,
  type ShareType,
} from '@cc/contracts';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { incomeText } from '../../../locales/zh-CN/income';
import { useSettAppList } from '../api/get-sett-app-list';
import { monthRange } from './month-range';
import styles from '../income-page.module.css';

export interface ShareOrderFilters {
  task_type?: TaskType;
  app_id?: number;
  share_type?: ShareType;
  sett_status?: SettStatus;
  start_date?: string;
  end_date?: string;
}

const t = incomeText.orders;

function optionsOf<K extends number>(labels: Record<K, string>) {
  return Object.entries<string>(labels).map(([value, label]) => ({ value: Number(value) as K, label }));
}

const TASK_TYPE_OPTIONS = optionsOf(TASK_TYPE_LABELS);
const SHARE_TYPE_OPTIONS = optionsOf(SHARE_TYPE_LABELS);
const SETT_STATUS_OPTIONS = optionsOf(SETT_STATUS_LABELS);

interface FiltersProps {
  value: ShareOrderFilters;
  onChange: (next: ShareOrderFilters) => void;
}

/** The apps of the chosen task type, or of both types while none is chosen. */
function useAppOptions(taskType: TaskType | undefined) {
  const playlet = useSettAppList(taskType ?? TaskType.Playlet);
  const novel = useSettAppList(TaskType.Novel);
  const apps = [...(playlet.data ?? []), ...(taskType ? [] : (novel.data ?? []))];
  const seen = new Set<number>();
  return apps.flatMap((app) => {
    if (app.app_id === null || seen.has(app.app_id)) return [];
    seen.add(app.app_id);
    return [{ value: app.app_id, label: app.app_name }];
  });
}

export function ShareOrderFilterBar({ value, onChange }: FiltersProps) {
  const isMobile = useIsMobile();
  const appOptions = useAppOptions(value.task_type);
  const range = value.start_date && value.end_date ? [value.start_date, value.end_date] : undefined;

  return (
    <div className={styles.filters}>
      <Select
        className={styles.filter}
        placeholder={t.taskType}
        aria-label={t.taskType}
        allowClear
        value={value.task_type}
        options={TASK_TYPE_OPTIONS}
        onChange={(taskType?: TaskType) => onChange({ ...value, task_type: taskType, app_id: undefined })}
      />
      <Select
        className={styles.filter}
        placeholder={t.app}
        aria-label={t.app}
        allowClear
        value={value.app_id}
        options={appOptions}
        onChange={(appId?: number) => onChange({ ...value, app_id: appId })}
      />
      <Select
        className={styles.filter}
        placeholder={t.shareType}
        aria-label={t.shareType}
        allowClear
        value={value.share_type}
        options={SHARE_TYPE_OPTIONS}
        onChange={(shareType?: ShareType) => onChange({ ...value, share_type: shareType })}
      />
      <Select
        className={styles.filter}
        placeholder={t.settStatus}
        aria-label={t.settStatus}
        allowClear
        value={value.sett_status}
        options={SETT_STATUS_OPTIONS}
        onChange={(settStatus?: SettStatus) => onChange({ ...value, sett_status: settStatus })}
      />
      {isMobile ? (
        <DatePicker.MonthPicker
          className={styles.dateFilter}
          placeholder={t.month}
          value={value.start_date ? value.start_date.slice(0, 7) : undefined}
          format="YYYY-MM"
          getPopupContainer={() => document.body}
          onChange={(month?: string) => onChange({ ...value, ...monthRange(month) })}
        />
      ) : (
        <DatePicker.RangePicker
          className={styles.dateFilter}
          value={range}
          format="YYYY-MM-DD"
          onChange={(dates?: string[]) =>
            onChange({ ...value, start_date: dates?.[0] || undefined, end_date: dates?.[1] || undefined })
          }
        />
      )}
    </div>
  );
}
