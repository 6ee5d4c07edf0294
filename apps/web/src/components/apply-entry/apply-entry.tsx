/**
 * The ways to the onboarding application (/apply) besides its address: a strip on the task center and
 * the profile that follows the application's state, and an invitation shown once after a login by a creator who has
 * not applied yet. Approved creators see neither; logged-out visitors see nothing.
 */
import { Button } from '@arco-design/web-react';
import { IconCheckCircle, IconClockCircle, IconExclamationCircle, IconUserAdd } from '@arco-design/web-react/icon';
import { ApplicationStatus } from '@cc/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppModal } from '../app-modal';
import { useApplyStatus } from '../../lib/apply/get-apply-status';
import { paths } from '../../lib/paths';
import { onLoginSuccess } from '../../lib/session/login-modal';
import { text } from '../../locales/zh-CN';
import styles from './apply-entry.module.css';

type EntryState = 'none' | 'pending' | 'rejected';

/** Where the creator stands on the way to /apply; null when there is nothing to say (logged out, loading, approved). */
export function useApplyEntryState(): EntryState | null {
  const status = useApplyStatus();
  if (!status.data) return null;
  const { application } = status.data;
  if (!application) return 'none';
  if (application.status === ApplicationStatus.Pending) return 'pending';
  if (application.status === ApplicationStatus.Rejected) return 'rejected';
  return null;
}

const ICONS: Record<EntryState, ReactNode> = {
  none: <IconUserAdd />,
  pending: <IconClockCircle />,
  rejected: <IconExclamationCircle />,
};

/** The strip of the task center and the profile: a region named by its title. */
export function ApplyBanner({ className }: { className?: string }) {
  const state = useApplyEntryState();
  const navigate = useNavigate();
  const titleId = useId();
  if (!state) return null;
  const copy = text.user.entry[state];
  return (
    <section className={`${styles.banner} ${className ?? ''}`} data-state={state} aria-labelledby={titleId}>
      <span className={styles.icon}>{ICONS[state]}</span>
      <div className={styles.copy}>
        <strong id={titleId}>{copy.title}</strong>
        <span>{copy.text}</span>
      </div>
      <Button
        type={state === 'pending' ? 'secondary' : 'primary'}
        shape="round"
        className={styles.action}
        onClick={() => navigate(paths.apply)}
      >
        {copy.action}
      </Button>
    </section>
  );
}

/**
 * The invitation after a login (default layout): once per login, only while the creator has no application. Logins
 * that do not come through this page's modal (another tab) do not invite.
 */
export function ApplyInviteDialog() {
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  const state = useApplyEntryState();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => onLoginSuccess(() => setJustLoggedIn(true)), []);
  // A creator who has applied is never invited; the flag is set again by the next login. A phone that logged in to
  // confirm a desktop's QR login is there for that alone.
  const visible = justLoggedIn && state === 'none' && pathname !== paths.qrLogin;
  return (
    <AppModal
      title={text.user.invite.title}
      visible={visible}
      width={440}
      onCancel={() => setJustLoggedIn(false)}
      footer={
        <div className={styles.inviteFooter}>
          <Button onClick={() => setJustLoggedIn(false)}>{text.user.invite.later}</Button>
          <Button
            type="primary"
            onClick={() => {
              setJustLoggedIn(false);
              navigate(paths.apply);
            }}
          >
            {text.user.invite.apply}
          </Button>
        </div>
      }
    >
      <div className={styles.inviteBody}>
        <IconCheckCircle className={styles.inviteIcon} />
        <p className={styles.inviteText}>{text.user.invite.content}</p>
        <ul className={styles.inviteList}>
          {text.user.invite.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </div>
    </AppModal>
  );
}
