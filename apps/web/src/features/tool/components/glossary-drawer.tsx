/**
 * The creator's glossary (术语表) in a drawer: rows of 原文 and 译文, added and removed, saved as a whole (PUT). A row
 * the contract refuses is named with its reason before anything is sent; the server's refusal is shown as it came.
 */
import { Alert, Button, Input, Message, Spin } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { GLOSSARY_MAX_ENTRIES, glossarySchema, type Glossary } from '@cc/contracts';
import { useState } from 'react';
import { AppDrawer } from '../../../components/arco-a11y/app-drawer';
import { fillText } from '../../../lib/fill-text';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { text } from '../../../locales/zh-CN';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { useGlossary, useSaveGlossary } from '../api/translate';
import pageStyles from '../tool-page.module.css';
import styles from '../translate.module.css';

const t = toolText.translate;

interface Row {
  key: number;
  source: string;
  target: string;
}

/** The first problem of the rows as the contract words it, with the row's number. */
export function glossaryProblem(rows: readonly Row[]): string | null {
  const parsed = glossarySchema.safeParse({ data: rows.map(({ source, target }) => ({ source, target })) });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const index = issue.path[1];
  return typeof index === 'number' ? fillText(t.glossaryRow, { n: index + 1, error: issue.message }) : issue.message;
}

/** The rows of one opening, from the saved glossary. */
function GlossaryEditor({ saved, onClose }: { saved: Glossary['data']; onClose: () => void }) {
  const save = useSaveGlossary();
  const [rows, setRows] = useState<Row[]>(() => saved.map((entry, key) => ({ key, ...entry })));
  const [error, setError] = useState<string | null>(null);
  const nextKey = () => rows.reduce((max, row) => Math.max(max, row.key), -1) + 1;
  const update = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  async function submit() {
    const problem = glossaryProblem(rows);
    setError(problem);
    if (problem) return;
    const result = await save.mutateAsync(rows.map(({ source, target }) => ({ source, target })));
    if (result.code !== 0) return setError(result.msg || text.common.loadFailed);
    Message.success(t.glossarySaved);
    onClose();
  }

  return (
    <div className={styles.glossary}>
      {rows.length === 0 && <div className={pageStyles.muted}>{t.glossaryEmpty}</div>}
      {rows.map((row, i) => (
        <div key={row.key} className={styles.glossaryRow}>
          <Input
            aria-label={`${t.glossarySource} ${i + 1}`}
            placeholder={t.glossarySource}
            maxLength={50}
            value={row.source}
            onChange={(source) => update(row.key, { source })}
          />
          <Input
            aria-label={`${t.glossaryTarget} ${i + 1}`}
            placeholder={t.glossaryTarget}
            maxLength={50}
            value={row.target}
            onChange={(target) => update(row.key, { target })}
          />
          <Button
            icon={<IconDelete />}
            status="danger"
            aria-label={fillText(t.glossaryRemove, { n: i + 1 })}
            onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
          />
        </div>
      ))}
      <Button
        icon={<IconPlus />}
        className={styles.glossaryAdd}
        disabled={rows.length >= GLOSSARY_MAX_ENTRIES}
        onClick={() => setRows([...rows, { key: nextKey(), source: '', target: '' }])}
      >
        {t.glossaryAdd}
      </Button>
      {error && <Alert type="error" content={error} />}
      <div className={pageStyles.confirmFooter}>
        <Button onClick={onClose}>{text.common.cancel}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t.glossarySave}
        </Button>
      </div>
    </div>
  );
}

export function GlossaryDrawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const isMobile = useIsMobile();
  const glossary = useGlossary(visible);
  return (
    <AppDrawer
      label={t.glossaryTitle}
      title={t.glossaryTitle}
      visible={visible}
      width={isMobile ? '100%' : 520}
      onCancel={onClose}
      unmountOnExit
      footer={null}
    >
      <p className={pageStyles.muted}>{t.glossaryIntro}</p>
      {glossary.isError ? (
        <Alert type="error" content={text.common.loadFailed} />
      ) : glossary.data ? (
        <GlossaryEditor saved={glossary.data} onClose={onClose} />
      ) : (
        <div className={pageStyles.center}>
          <Spin />
        </div>
      )}
    </AppDrawer>
  );
}
