/** Income per app (/income/app); built by the income issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function IncomeAppPage() {
  return <ComingSoonPage title={text.income.appTitle} description={text.income.appDescription} />;
}
