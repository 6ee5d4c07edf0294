/**
 * Invite friends (/profile/team): my team's figures and my place in a team, my invite links and poster, and my team
 * members with search and paging.
 */
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../lib/paths';
import { text } from '../../locales/zh-CN';
import { team as t } from '../../locales/zh-CN/team';
import { useTeamSummary } from './api/get-team-summary';
import { InviteCard } from './components/invite-card';
import { MemberList } from './components/member-list';
import { QueryView } from '../../components/query-view';
import { TeamOverview } from './components/team-overview';
import styles from './team-page.module.css';

export function TeamPage() {
  const summary = useTeamSummary();
  return (
    <div className={styles.page}>
      <PageHeading
        title={t.title}
        description={t.description}
        back={{ to: paths.profile, label: text.common.backToProfile }}
      />
      <QueryView query={summary}>
        {(data) => (
          <>
            <TeamOverview summary={data} />
            <InviteCard summary={data} />
            <MemberList inviteLink={data.invite_links.home} />
          </>
        )}
      </QueryView>
    </div>
  );
}
