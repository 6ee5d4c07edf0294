/** The team figures (members, new this month, leader share income) and my place in a team: leader, codes, rate. */
import { Tooltip } from '@arco-design/web-react';
import { IconQuestionCircle } from '@arco-design/web-react/icon';
import type { TeamSummary } from '@cc/contracts';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { team as teamText } from '../../../locales/zh-CN/team';
import styles from '../team-page.module.css';

const t = teamText.overview;

export function TeamOverview({ summary }: { summary: TeamSummary }) {
  return (
    <section className={styles.overview}>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t.members}</dt>
          {/* Figures are text beside their labels, which no role is named by: tests find them by test id. */}
          <dd data-testid="member-count">{fillText(t.people, { count: summary.member_count })}</dd>
          <dd className={styles.figureNote}>
            {t.newThisMonth} +{summary.new_this_month}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>{t.leaderShareTotal}</dt>
          <dd>{formatYuan(summary.leader_share_total)}</dd>
          <dd className={styles.figureNote}>
            {fillText(t.leaderShareSettled, { amount: formatYuan(summary.leader_share_settled) })}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>
            {t.teamShareRate}
            <Tooltip content={t.teamShareRateHint}>
              <IconQuestionCircle className={styles.hintIcon} />
            </Tooltip>
          </dt>
          <dd>{summary.team_share_rate}%</dd>
        </div>
      </dl>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t.myLeader}</dt>
          <dd data-testid="my-leader">
            {summary.leader ? (
              <>
                <span className={styles.factValue}>{summary.leader.nickname}</span>
                <span className={styles.factCode}>{summary.leader.invite_code}</span>
                {summary.team_at && (
                  <span className={styles.factNote}>
                    {fillText(t.joinedAt, { date: formatDateTime(summary.team_at, 'YYYY-MM-DD') })}
                  </span>
                )}
              </>
            ) : (
              <span className={styles.factNote}>{t.noLeader}</span>
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t.commanderCode}</dt>
          <dd>
            {summary.commander_code ? (
              <span className={styles.factCode}>{summary.commander_code}</span>
            ) : (
              <span className={styles.factNote}>{t.noCommanderCode}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
