/** Account filing (/profile/account): the creator's media channels; built by the channel issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function ChannelPage() {
  return <ComingSoonPage title={text.channel.title} description={text.channel.description} />;
}
