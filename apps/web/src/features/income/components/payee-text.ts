/** How a withdrawal's payee reads: 'bank ****1234' for a card, the masked Alipay account, or 积分购买 for a purchase. */
import { CashOutTo, type WithdrawalRecord } from '@cc/contracts';
import { incomeText } from '../../../locales/zh-CN/income';

export function payeeText(
  record: Pick<WithdrawalRecord, 'cash_out_to' | 'bank_name' | 'bank_card_number' | 'alipay_id'>,
) {
  if (record.cash_out_to === CashOutTo.Bank) return `${record.bank_name} ${record.bank_card_number}`.trim();
  if (record.cash_out_to === CashOutTo.Alipay) return `${incomeText.withdrawForm.alipay} ${record.alipay_id}`.trim();
  return incomeText.cashOut.purchase;
}
