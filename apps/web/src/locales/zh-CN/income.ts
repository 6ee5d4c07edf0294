/** Texts of the income screens. */
export const income = {
  title: '我的收益',
  description: '查看结算订单、每日收益与提现记录',
  withdrawTitle: '提现',
  withdrawDescription: '将可提现收益提现到银行卡或支付宝',
  appTitle: '应用收益',
  appDescription: '按应用查看推广收益明细',
} as const;
