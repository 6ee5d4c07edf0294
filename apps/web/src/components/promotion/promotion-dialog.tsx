/**
 * The '推广链接' dialog: short-drama link, app link, code and code text, each with a copy button, and two
 * tutorial players that start muted when it opens and are destroyed when it closes. Copying adds the task to my tasks.
 * Mounted once by the default layout.
 */
import { Button, Message, Tooltip } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { promotionCopyText, TaskType, TUTORIAL_PLAYER_SIZE } from '@cc/contracts';
import { useState } from 'react';
import { isSuccess } from '../../lib/api-error';
import { copyText } from '../../lib/clipboard';
import { fillText } from '../../lib/fill-text';
import { useActivateTask } from './activate-task';
import {
  closePromotionDialog,
  usePromotionDialog,
  type PromotionDialogContent,
} from '../../lib/promotion/promotion-dialog-store';
import { toastFailure } from '../../lib/toast';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import { AppModal } from '../app-modal';
import { LocalLinkWarning } from '../local-link-warning';
import { VideoPlayer } from '../video-player';
import styles from './promotion-dialog.module.css';

const ROW_KEYS = ['serial_link', 'app_link', 'code', 'copy_text'] as const;
type RowKey = (typeof ROW_KEYS)[number];

function rowValues({ result, serialName, appName, taskType }: PromotionDialogContent): Record<RowKey, string> {
  return {
    serial_link: result.serial_link,
    app_link: result.app_link,
    code: result.code,
    copy_text: promotionCopyText(serialName, appName, result.code, taskType),
  };
}

/** The label of each row; a novel's link is a 小说链接. */
function rowLabels(taskType: number): Record<RowKey, string> {
  const rows = text.promotion.rows;
  return { ...rows, serial_link: taskType === TaskType.Novel ? rows.novel_link : rows.serial_link };
}

/**
 * Copy, say what was copied, and — when the receive gave a record — activate it so the task joins my tasks (once per
 * record; the toast says so only the time it is added).
 */
function useCopyAndActivate(atrId: number | undefined) {
  const activate = useActivateTask();
  const [activatedId, setActivatedId] = useState<number | null>(null);

  return async function copy(value: string, label: string) {
    if (!(await copyText(value))) {
      Message.error(text.promotion.copyFailed);
      return;
    }
    const added = Boolean(atrId) && activatedId !== atrId;
    Message.success(fillText(added ? text.promotion.copiedAndAdded : text.promotion.copied, { label }));
    if (!atrId || !added || activate.isPending) return;
    const result = await activate.mutateAsync(atrId);
    if (isSuccess(result)) setActivatedId(atrId);
    else toastFailure(result.msg);
  };
}

function TutorialPlayers({ videoUrl, shortUrl, fluid }: { videoUrl: string; shortUrl: string; fluid: boolean }) {
  const tutorials = [
    { key: 'video', url: videoUrl, caption: text.promotion.tutorials.video },
    { key: 'short', url: shortUrl, caption: text.promotion.tutorials.short },
  ];
  return (
    <section className={styles.tutorials}>
      <h3 className={styles.tutorialsTitle}>{text.promotion.tutorialsTitle}</h3>
      <div className={styles.players}>
        {tutorials.map((tutorial) => (
          <figure key={tutorial.key} className={styles.tutorial}>
            <VideoPlayer
              url={tutorial.url}
              width={TUTORIAL_PLAYER_SIZE.width}
              height={TUTORIAL_PLAYER_SIZE.height}
              fluid={fluid}
              autoplayMuted
              compact
              testId={`tutorial-${tutorial.key}`}
            />
            <figcaption className={styles.tutorialCaption}>{tutorial.caption}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}

export function PromotionDialog() {
  const { visible, content } = usePromotionDialog();
  const isMobile = useIsMobile();
  const copy = useCopyAndActivate(content?.result.atr_id);
  const values = content ? rowValues(content) : null;
  const labels = rowLabels(content?.taskType ?? TaskType.Playlet);

  return (
    <AppModal
      title={text.promotion.dialogTitle}
      visible={visible}
      onCancel={closePromotionDialog}
      wrapClassName={isMobile ? styles.mobile : undefined}
      style={isMobile ? { width: '100%', maxWidth: '100vw', margin: 0 } : undefined}
    >
      {values && <LocalLinkWarning links={[values.serial_link]} className={styles.localLink} />}
      {values && (
        <dl className={styles.rows}>
          {ROW_KEYS.map((key) => {
            const label = labels[key];
            const valueClass = [
              styles.value,
              key === 'copy_text' ? '' : styles.singleLine,
              key === 'code' ? styles.codeValue : '',
            ].join(' ');
            return (
              <div key={key} className={styles.row}>
                <dt className={styles.label}>{label}</dt>
                {/* The value beside its label: no role can carry the label as a name, so tests find it by test id. */}
                <dd className={valueClass} data-testid={`value-${key}`} title={values[key]}>
                  {values[key]}
                </dd>
                <Tooltip content={fillText(text.promotion.copyLabel, { label })} mini>
                  <Button
                    type="text"
                    className={styles.copy}
                    icon={<IconCopy />}
                    aria-label={fillText(text.promotion.copyLabel, { label })}
                    onClick={() => void copy(values[key], label)}
                  />
                </Tooltip>
              </div>
            );
          })}
        </dl>
      )}
      <p className={styles.hint}>{text.promotion.hint}</p>
      {/* Rendered only while open: closing unmounts the players, which destroys them. */}
      {visible && content && (
        <TutorialPlayers videoUrl={content.result.facebook_url} shortUrl={content.result.tiktok_url} fluid={isMobile} />
      )}
    </AppModal>
  );
}
