/** Invite friends (/profile/team): the creator's team; built by the team issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function TeamPage() {
  return <ComingSoonPage title={text.team.title} description={text.team.description} />;
}
