/**
 * The subtitle list of a translation, to review before running: times as `mm:ss.mmm`, the original and its
 * translation, each line deletable; a line in error says why under it. Fifty lines a page.
 */
import { Button, Input } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { fillText } from '../../../lib/fill-text';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { cueOfRow, parseCueTime, type CueRow } from '../cue-time';
import styles from '../translate.module.css';

const t = toolText.translate;
const PAGE_SIZE = 50;

export function CueList({ rows, onChange }: { rows: CueRow[]; onChange: (rows: CueRow[]) => void }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const first = (current - 1) * PAGE_SIZE;
  const update = (key: number, patch: Partial<CueRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <>
      <ol className={styles.cues} aria-label={t.list}>
        {rows.slice(first, first + PAGE_SIZE).map((row, i) => {
          const n = first + i + 1;
          const label = fillText(t.cueLabel, { n });
          const result = cueOfRow(row);
          const error = 'error' in result ? result.error : null;
          return (
            <li key={row.key} className={styles.cue} aria-label={label}>
              <span className={styles.cueIndex}>{n}</span>
              <div className={styles.cueTimes}>
                <Input
                  size="small"
                  aria-label={`${label} ${t.start}`}
                  value={row.start}
                  status={parseCueTime(row.start) === null ? 'error' : undefined}
                  onChange={(start) => update(row.key, { start })}
                />
                <Input
                  size="small"
                  aria-label={`${label} ${t.end}`}
                  value={row.end}
                  status={parseCueTime(row.end) === null ? 'error' : undefined}
                  onChange={(end) => update(row.key, { end })}
                />
              </div>
              <Input.TextArea
                aria-label={`${label} ${t.text}`}
                placeholder={t.text}
                autoSize={{ minRows: 1, maxRows: 4 }}
                value={row.text}
                onChange={(text) => update(row.key, { text })}
              />
              <Input.TextArea
                aria-label={`${label} ${t.translation}`}
                placeholder={t.translation}
                autoSize={{ minRows: 1, maxRows: 4 }}
                value={row.translation}
                onChange={(translation) => update(row.key, { translation })}
              />
              <Button
                size="small"
                status="danger"
                icon={<IconDelete />}
                aria-label={fillText(t.deleteCue, { n })}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              />
              {error && (
                <div className={styles.cueError} role="alert">
                  {error}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <ListPager simple current={current} total={rows.length} pageSize={PAGE_SIZE} onChange={setPage} />
    </>
  );
}
