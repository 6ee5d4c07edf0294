/** How a withdrawal's payee reads: 'bank ****1234' for a card, the masked Alipay account, or 积分购买 for a purchase. */
import { CashOutTo, type WithdrawalRecord } from '@cc/contracts';
import { text } from '../../../locales/zh-CN';

export function payeeText(
  record: Pick<WithdrawalRecord, 'cash_out_to' | 'bank_name' | 'bank_card_number' | 'alipay_id'>,
) {
  if (record.cash_out_to === CashOutTo.Bank) return `${record.bank_name} ${record.bank_card_number}`.trim();
  if (record.cash_out_to === CashOutTo.Alipay) return `${text.income.withdrawForm.alipay} ${record.alipay_id}`.trim();
  return text.income.cashOut.purchase;
}
