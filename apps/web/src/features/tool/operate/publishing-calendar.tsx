/** The publishing calendar: the next 30 Beijing days of planned posts, marked done or deleted in place. */
import { Button, Popconfirm, Tag } from '@arco-design/web-react';
import { IconCalendar, IconPlus } from '@arco-design/web-react/icon';
import type { CalendarItem } from '@cc/contracts';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryView } from '../../../components/query-view';
import { isSuccess } from '../../../lib/api-error';
import { fillText } from '../../../lib/fill-text';
import { DISPLAY_TIME_ZONE } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast';
import { operateText } from '../../../locales/zh-CN/operate';
import { useCalendar, useCalendarWrites } from '../api/operate';
import { OperateSection } from './operate-section';
import styles from './operate-panel.module.css';

const t = operateText.calendar;

function CalendarRow({ item }: { item: CalendarItem }) {
  const { update, remove } = useCalendarWrites();
  const done = item.status === 'done';
  const toggle = async () => {
    const { id, task_id, title, platform, date, time, note } = item;
    const result = await update.mutateAsync({
      id,
      body: { task_id: task_id ?? undefined, title, platform, date, time, note, status: done ? 'planned' : 'done' },
    });
    if (!isSuccess(result)) toastFailure(result.msg);
  };
  const drop = async () => {
    const result = await remove.mutateAsync(item.id);
    if (!isSuccess(result)) toastFailure(result.msg);
  };
  return (
    <li className={styles.calendarItem} data-status={item.status}>
      <div className={styles.calendarWhen}>
        <strong>{item.date.slice(5)}</strong>
        <span>{item.time}</span>
      </div>
      <div className={styles.calendarWhat}>
        <span className={styles.calendarTitle}>{item.title}</span>
        <span className={styles.muted}>
          {item.platform_label}
          {item.note && ` · ${item.note}`}
        </span>
      </div>
      <Tag color={done ? 'green' : 'arcoblue'}>{done ? t.done : t.planned}</Tag>
      <div className={styles.calendarActions}>
        <Button size="mini" type="text" loading={update.isPending} onClick={() => void toggle()}>
          {done ? t.markPlanned : t.markDone}
        </Button>
        <Popconfirm title={t.deleteConfirm} onOk={() => void drop()}>
          <Button size="mini" type="text" status="danger" loading={remove.isPending}>
            {t.delete}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

export function PublishingCalendar({ onAdd }: { onAdd: () => void }) {
  const range = useMemo(() => {
    const today = dayjs().tz(DISPLAY_TIME_ZONE);
    return { start_date: today.format('YYYY-MM-DD'), end_date: today.add(29, 'day').format('YYYY-MM-DD') };
  }, []);
  const calendar = useCalendar(range);

  return (
    <OperateSection
      title={t.title}
      hint={t.hint}
      action={
        <Button type="primary" icon={<IconPlus />} onClick={onAdd}>
          {t.add}
        </Button>
      }
    >
      <QueryView query={calendar}>
        {({ data, total_count: count, limit }) =>
          data.length === 0 ? (
            <EmptyState icon={<IconCalendar />} description={t.empty} hint={t.emptyHint} />
          ) : (
            <>
              <ul className={styles.calendarList} aria-label={t.listLabel}>
                {data.map((item) => (
                  <CalendarRow key={item.id} item={item} />
                ))}
              </ul>
              <p className={styles.muted}>{fillText(t.count, { count, limit })}</p>
            </>
          )
        }
      </QueryView>
    </OperateSection>
  );
}
