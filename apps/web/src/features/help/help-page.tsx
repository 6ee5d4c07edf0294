/** The help page (/help): markdown fetched by template id; built by the help issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function HelpPage() {
  return <ComingSoonPage title={text.help.title} description={text.help.description} />;
}
