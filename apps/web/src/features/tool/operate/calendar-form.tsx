/**
 * The form of a planned post in a modal: what (filled from a suggestion), where, the Beijing date and time, a note.
 * The server's refusal shows under the form as it came.
 */
import { Button, Input, Message, Select } from '@arco-design/web-react';
import { OPERATE_NOTE_MAX, PLATFORM_LABELS, Platform } from '@cc/contracts';
import { useId, useState, type FormEvent } from 'react';
import { AppModal } from '../../../components/app-modal';
import { isSuccess } from '../../../lib/api-error';
import { operateText } from '../../../locales/zh-CN/operate';
import { useCalendarWrites, type CalendarItemInput } from '../api/operate';
import styles from './operate-panel.module.css';

const t = operateText.form;

const PLATFORM_OPTIONS = Object.values(Platform).map((value) => ({ value, label: PLATFORM_LABELS[value] }));

export type CalendarDraft = Pick<CalendarItemInput, 'task_id' | 'title' | 'platform' | 'date' | 'time'>;

function CalendarForm({ draft, onDone }: { draft: CalendarDraft; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ ...draft, note: '' });
  const [error, setError] = useState<string | null>(null);
  const { create } = useCalendarWrites();
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.title.trim() || !values.date || !values.time) {
      setError(t.required);
      return;
    }
    const result = await create.mutateAsync(values);
    if (!isSuccess(result)) {
      setError(result.msg);
      return;
    }
    Message.success(result.msg);
    onDone();
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label className={styles.field} htmlFor={`${id}-title`}>
        <span>{t.content}</span>
        <Input
          id={`${id}-title`}
          value={values.title}
          maxLength={50}
          placeholder={t.contentPlaceholder}
          onChange={(title) => set({ title, task_id: title === draft.title ? draft.task_id : undefined })}
        />
      </label>
      <div className={styles.field}>
        <span id={`${id}-platform`}>{t.platform}</span>
        <Select
          aria-labelledby={`${id}-platform`}
          value={values.platform}
          options={PLATFORM_OPTIONS}
          onChange={(platform: number) => set({ platform })}
        />
      </div>
      <div className={styles.fieldRow}>
        <label className={styles.field} htmlFor={`${id}-date`}>
          <span>{t.date}</span>
          <Input id={`${id}-date`} type="date" value={values.date} onChange={(date) => set({ date })} />
        </label>
        <label className={styles.field} htmlFor={`${id}-time`}>
          <span>{t.time}</span>
          <Input id={`${id}-time`} type="time" value={values.time} onChange={(time) => set({ time })} />
        </label>
      </div>
      <label className={styles.field} htmlFor={`${id}-note`}>
        <span>{t.note}</span>
        <Input.TextArea
          id={`${id}-note`}
          value={values.note}
          maxLength={OPERATE_NOTE_MAX}
          showWordLimit
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t.notePlaceholder}
          onChange={(note) => set({ note })}
        />
      </label>
      <p className={styles.formError} role={error ? 'alert' : undefined}>
        {error}
      </p>
      <div className={styles.formActions}>
        <Button onClick={onDone}>{t.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}

export function CalendarFormModal({ draft, onClose }: { draft: CalendarDraft | null; onClose: () => void }) {
  return (
    <AppModal visible={draft !== null} title={t.title} onCancel={onClose} unmountOnExit>
      {draft && <CalendarForm draft={draft} onDone={onClose} />}
    </AppModal>
  );
}
