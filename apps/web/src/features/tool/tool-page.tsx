/** The AI tool workspace (/tool); built by the tool issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function ToolPage() {
  return <ComingSoonPage title={text.tool.title} description={text.tool.description} />;
}
