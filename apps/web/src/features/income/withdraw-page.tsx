/** Withdrawal (/income/withdraw) to a bank card or alipay; built by the income issue. */
import { ComingSoonPage } from '../../components/coming-soon-page';
import { text } from '../../locales/zh-CN';

export function WithdrawPage() {
  return <ComingSoonPage title={text.income.withdrawTitle} description={text.income.withdrawDescription} />;
}
