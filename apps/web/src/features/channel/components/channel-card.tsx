/** One filing as a card: cover, name, platform, id, home page link, review status (with the reason when refused). */
import { Button, Checkbox, Tag } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconLaunch } from '@arco-design/web-react/icon';
import { REPORT_STATUS_LABELS, ReportStatus, type Channel } from '@cc/contracts';
import { useId } from 'react';
import { apiUrl } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { channel as channelText } from '../../../locales/zh-CN/channel';
import styles from '../channel-page.module.css';

const t = channelText;

const STATUS_COLORS: Record<ReportStatus, string> = {
  [ReportStatus.Pending]: 'orangered',
  [ReportStatus.Approved]: 'green',
  [ReportStatus.Rejected]: 'red',
};

export function StatusTag({ status }: { status: number }) {
  const known = status as ReportStatus;
  return (
    <Tag color={STATUS_COLORS[known]} bordered>
      {REPORT_STATUS_LABELS[known] ?? ''}
    </Tag>
  );
}

interface ChannelCardProps {
  channel: Channel;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete: () => void;
  /** Opens the form to correct a rejected filing and send it to review again. */
  onEdit: () => void;
}

export function ChannelCard({ channel, selected, onSelect, onDelete, onEdit }: ChannelCardProps) {
  const rejected = channel.report_status === ReportStatus.Rejected;
  const nameId = useId();
  return (
    <article className={`${styles.card} ${selected ? styles.cardSelected : ''}`} aria-labelledby={nameId}>
      <div className={styles.cardTop}>
        <Checkbox checked={selected} onChange={onSelect} aria-label={channel.channel_name} />
        <div className={styles.cover}>
          {channel.cover ? (
            // The server names the cover by its path on the AI host, which may be another origin.
            <img src={apiUrl(channel.cover)} alt="" loading="lazy" />
          ) : (
            <span className={styles.coverLetter}>{Array.from(channel.channel_name)[0]}</span>
          )}
        </div>
        <div className={styles.cardTitle}>
          <h3 className={styles.name} title={channel.channel_name} id={nameId}>
            {channel.channel_name}
          </h3>
          <span className={styles.platform}>{channel.platform_name}</span>
        </div>
        <StatusTag status={channel.report_status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t.channelId}</dt>
          <dd title={channel.channel_id}>{channel.channel_id}</dd>
        </div>
        <div>
          <dt>{t.channelUrl}</dt>
          <dd>
            <a
              href={channel.channel_url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={styles.link}
              title={channel.channel_url}
            >
              <span>{channel.channel_url}</span>
              <IconLaunch aria-label={t.openUrl} />
            </a>
          </dd>
        </div>
        <div>
          <dt>{t.filedAt}</dt>
          <dd>{formatDateTime(channel.created_at)}</dd>
        </div>
      </dl>
      {rejected && (
        <p className={styles.reason}>
          {t.rejectReason}
          {channel.reason || t.noReason}
        </p>
      )}
      <footer className={styles.cardFooter}>
        <span className={styles.reviewed}>
          {channel.reviewed_at && `${t.reviewedAt} ${formatDateTime(channel.reviewed_at)}`}
        </span>
        <span className={styles.cardActions}>
          {rejected && (
            <Button size="small" type="text" icon={<IconEdit />} onClick={onEdit}>
              {t.edit}
            </Button>
          )}
          <Button size="small" type="text" status="danger" icon={<IconDelete />} onClick={onDelete}>
            {t.delete}
          </Button>
        </span>
      </footer>
    </article>
  );
}
