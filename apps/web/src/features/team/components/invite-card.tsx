/** My invitation: the invite code and the three invite links (home, gift, AI tools) to copy, and the poster. */
import { TEAM_INVITE_TARGETS, type TeamSummary } from '@cc/contracts';
import { LocalLinkWarning } from '../../../components/local-link-warning';
import { team as teamText } from '../../../locales/zh-CN/team';
import styles from '../team-page.module.css';
import { CopyButton } from './copy-button';
import { InvitePoster } from './invite-poster';

const t = teamText.invite;

export function InviteCard({ summary }: { summary: TeamSummary }) {
  return (
    <section className={`${styles.panel} ${styles.invite}`}>
      <div className={styles.inviteMain}>
        <h2 className={styles.panelTitle}>{t.title}</h2>
        <p className={styles.subtitle}>{t.subtitle}</p>
        <div className={styles.codeBox}>
          <div>
            <div className={styles.codeLabel}>{t.code}</div>
            {/* The code and the links are text beside their labels, which no role is named by: tests find them by test id. */}
            <div className={styles.code} data-testid="my-invite-code">
              {summary.invite_code}
            </div>
          </div>
          <CopyButton value={summary.invite_code} label={t.copyCode} done={t.codeCopied} size="small" />
        </div>
        <LocalLinkWarning links={Object.values(summary.invite_links)} className={styles.localLink} />
        <ul className={styles.links}>
          {TEAM_INVITE_TARGETS.map((target) => (
            <li key={target} className={styles.link}>
              <div className={styles.linkText}>
                <div className={styles.linkLabel}>
                  {t.links[target].label}
                  <span className={styles.linkHint}>{t.links[target].hint}</span>
                </div>
                <div className={styles.linkUrl} data-testid={`invite-link-${target}`}>
                  {summary.invite_links[target]}
                </div>
              </div>
              <CopyButton
                value={summary.invite_links[target]}
                label={t.copy}
                done={t.copied}
                type={target === 'home' ? 'primary' : 'secondary'}
              />
            </li>
          ))}
        </ul>
        <div className={styles.steps}>
          <div className={styles.stepsTitle}>{t.stepsTitle}</div>
          <ol className={styles.stepList}>
            {t.steps.map((step, index) => (
              <li key={step} className={styles.step}>
                <span className={styles.stepNo}>{index + 1}</span>
                {step}
              </li>
            ))}
          </ol>
        </div>
      </div>
      <InvitePoster />
    </section>
  );
}
