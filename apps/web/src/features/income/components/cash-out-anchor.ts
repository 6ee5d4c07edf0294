/** The id of /income's cash-out records: 查看提现记录 leads to `/income#cash-out`, and the list scrolls itself there. */
export const CASH_OUT_ANCHOR = 'cash-out';
