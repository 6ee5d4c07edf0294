/** The onboarding application's state: 审核中 with its time, 未通过 with the reason and 重新申请, or 审核通过. */
import { Button } from '@arco-design/web-react';
import { IconCheckCircleFill, IconClockCircle, IconCloseCircleFill } from '@arco-design/web-react/icon';
import {
  APPLICATION_STATUS_LABELS,
  ApplicationStatus,
  FOLLOWER_RANGE_LABELS,
  PLATFORM_LABELS,
  type Application,
} from '@cc/contracts';
import { PromotionButton } from '../../../components/promotion/promotion-button';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime } from '../../../lib/format';
import { text } from '../../../locales/zh-CN';
import styles from '../apply-page.module.css';

const statusText = text.user.status;

const looks = {
  [ApplicationStatus.Pending]: { icon: <IconClockCircle />, tone: styles.pending, hint: statusText.pendingHint },
  [ApplicationStatus.Approved]: { icon: <IconCheckCircleFill />, tone: styles.approved, hint: statusText.approvedHint },
  [ApplicationStatus.Rejected]: { icon: <IconCloseCircleFill />, tone: styles.rejected, hint: statusText.rejectedHint },
} as const;

function isStatus(value: number): value is ApplicationStatus {
  return value in looks;
}

export function ApplicationStatusCard({ application, onReapply }: { application: Application; onReapply: () => void }) {
  const status = isStatus(application.status) ? application.status : ApplicationStatus.Pending;
  const look = looks[status];
  const followerLabel = FOLLOWER_RANGE_LABELS[application.follower_range as keyof typeof FOLLOWER_RANGE_LABELS];
  const details = [
    { label: statusText.platform, value: PLATFORM_LABELS[application.platform] ?? '' },
    { label: statusText.channelLink, value: application.channel_link },
    { label: statusText.followerRange, value: followerLabel ?? application.follower_range },
  ];

  return (
    <section className={styles.statusCard} data-status={status}>
      <div className={`${styles.statusIcon} ${look.tone}`}>{look.icon}</div>
      <h2 className={styles.statusTitle}>{APPLICATION_STATUS_LABELS[status]}</h2>
      <p className={styles.statusHint}>{look.hint}</p>
      {status === ApplicationStatus.Rejected && application.reason && (
        <p className={styles.reason}>{fillText(statusText.reason, { reason: application.reason })}</p>
      )}
      <dl className={styles.details}>
        {details.map((detail) => (
          <div key={detail.label} className={styles.detail}>
            <dt>{detail.label}</dt>
            <dd>{detail.value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.times}>
        <span>{fillText(statusText.submittedAt, { time: formatDateTime(application.created_at) })}</span>
        {application.reviewed_at && (
          <span>{fillText(statusText.reviewedAt, { time: formatDateTime(application.reviewed_at) })}</span>
        )}
      </p>
      {status === ApplicationStatus.Rejected && (
        <Button type="primary" size="large" onClick={onReapply}>
          {statusText.reapply}
        </Button>
      )}
      {status === ApplicationStatus.Approved && <PromotionButton toTask size="large" />}
    </section>
  );
}
