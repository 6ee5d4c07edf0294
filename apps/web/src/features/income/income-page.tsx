/** My income (/income): settlement orders, daily figures and cash-outs; built by the income issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function IncomePage() {
  return <ComingSoonPage title={text.income.title} description={text.income.description} />;
}
