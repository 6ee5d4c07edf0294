/** Enumerations of the API's numeric and string codes, with their Chinese display texts. */

/**
 * SMS code purposes: 1 to 5 as the web app has always sent them; 6 signs the service agreement, so signing no longer
 * spends a login code. Each has its own budget.
 */
export const SmsType = { Login: 1, Apply: 2, Bank: 3, Alipay: 4, Wallet: 5, Contract: 6 } as const;
export type SmsType = (typeof SmsType)[keyof typeof SmsType];
export const SMS_TYPE_VALUES = Object.values(SmsType) as SmsType[];

export const TaskType = { Playlet: 1, Novel: 2 } as const;
export type TaskType = (typeof TaskType)[keyof typeof TaskType];
export const TASK_TYPE_LABELS: Record<TaskType, string> = { 1: '短剧', 2: '小说' };

export const OutStatus = {
  Pending: 1,
  Rejected: 2,
  Agreed: 3,
  Waiting: 4,
  Complete: 5,
  PurchaseComplete: 6,
  /** Withdrawn by its creator while still pending: the hold was released. Added after 1–6; older clients lack it. */
  Cancelled: 7,
} as const;
export type OutStatus = (typeof OutStatus)[keyof typeof OutStatus];
/** Display texts: 1, 3 and 4 show 'submitted'; 2 'rejected'; 5 'withdrawal success'; 6 'purchase done'. */
export const OUT_STATUS_LABELS: Record<OutStatus, string> = {
  1: '已提交',
  2: '已驳回',
  3: '已提交',
  4: '已提交',
  5: '提现成功',
  6: '购买完成',
  7: '已取消',
};
/** Style groups: waiting (1, 3, 4), reject (2, and 7, cancelled by the creator), complete (5, 6). */
export const OutStatusStyle = { Waiting: 'waiting', Reject: 'reject', Complete: 'complete' } as const;
export type OutStatusStyle = (typeof OutStatusStyle)[keyof typeof OutStatusStyle];
export const OUT_STATUS_STYLES: Record<OutStatus, OutStatusStyle> = {
  1: 'waiting',
  2: 'reject',
  3: 'waiting',
  4: 'waiting',
  5: 'complete',
  6: 'complete',
  7: 'reject',
};

/** Where a withdrawal is paid to: 1 bank card, 2 Alipay. */
export const CashOutTo = { Bank: 1, Alipay: 2 } as const;
export type CashOutTo = (typeof CashOutTo)[keyof typeof CashOutTo];
export const CASH_OUT_TO_LABELS: Record<CashOutTo, string> = { 1: '银行卡', 2: '支付宝' };

/** The on/off switch of catalogue rows operators publish: apps, tasks, banners, posters, points packages, promotions. */
export const ListingStatus = { Off: 0, On: 1 } as const;
export type ListingStatus = (typeof ListingStatus)[keyof typeof ListingStatus];

export const SettStatus = { ToBeSettled: 1, Settled: 2 } as const;
export type SettStatus = (typeof SettStatus)[keyof typeof SettStatus];
export const CreditRecordType = { Cost: 1, Purchase: 2, Gift: 3 } as const;
export type CreditRecordType = (typeof CreditRecordType)[keyof typeof CreditRecordType];
export const ShareType = { Mine: 1, Invite: 2, Leader: 3, Bonus: 4 } as const;
export type ShareType = (typeof ShareType)[keyof typeof ShareType];
/** Order types of reported orders: 1 recharge, 2 refund, 3 the ad revenue an app reports for a promoted user. */
export const OrderType = { Recharge: 1, Refund: 2, Ad: 3 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];
export const PayType = { Alipay: 1, Wallet: 2, Combo: 3 } as const;
export type PayType = (typeof PayType)[keyof typeof PayType];
/**
 * How the Alipay part of an order is paid: `qr`, a QR code scanned with the Alipay app (desktops), or
 * `wap`, Alipay's mobile-browser cashier (alipay.trade.wap.pay) that returns to the order page (phones).
 */
export const PayChannel = { Qr: 'qr', Wap: 'wap' } as const;
export type PayChannel = (typeof PayChannel)[keyof typeof PayChannel];
export const PAY_CHANNELS = [PayChannel.Qr, PayChannel.Wap] as const;

export const Platform = { ShortVideo: 1, Social: 2, VideoSharing: 3, PhotoSharing: 4, Other: 5 } as const;
export type Platform = (typeof Platform)[keyof typeof Platform];
export const PLATFORM_LABELS: Record<number, string> = {
  1: '短视频平台',
  2: '社交平台',
  3: '视频网站',
  4: '图片社区',
  5: '其他',
};

export const RADAR_CHANNELS = ['male', 'female'] as const;
export const RADAR_SORTS = ['publish_at', 'total_income'] as const;

/** Banks a withdrawal card may belong to (the enum call returns them). */
export const BANKS = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'CITIC', name: '中信银行' },
  { code: 'CEB', name: '中国光大银行' },
  { code: 'CMBC', name: '中国民生银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'SPDB', name: '上海浦东发展银行' },
  { code: 'PAB', name: '平安银行' },
  { code: 'HXB', name: '华夏银行' },
  { code: 'GDB', name: '广发银行' },
] as const;

/** Creator onboarding application (`/apply`): its states and the follower ranges of its form. */
export const ApplicationStatus = { Pending: 1, Approved: 2, Rejected: 3 } as const;
export type ApplicationStatus = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = { 1: '审核中', 2: '审核通过', 3: '未通过' };

export const FOLLOWER_RANGES = ['lt_1k', '1k_10k', '10k_100k', '100k_1m', 'gt_1m'] as const;
export const FOLLOWER_RANGE_LABELS: Record<(typeof FOLLOWER_RANGES)[number], string> = {
  lt_1k: '1千以下',
  '1k_10k': '1千-1万',
  '10k_100k': '1万-10万',
  '100k_1m': '10万-100万',
  gt_1m: '100万以上',
};

/** States of a points order: waiting for payment, paid, cancelled by its creator, or timed out unpaid. */
export const OrderStatus = { Pending: 1, Paid: 2, Cancelled: 3, TimedOut: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Alipay's trade states, which the client polls for (TRADE_SUCCESS or TRADE_FINISHED means paid). */
export const TradeStatus = {
  Waiting: 'WAIT_BUYER_PAY',
  Success: 'TRADE_SUCCESS',
  Finished: 'TRADE_FINISHED',
  Closed: 'TRADE_CLOSED',
} as const;
export type TradeStatus = (typeof TradeStatus)[keyof typeof TradeStatus];

export const PAY_TYPE_LABELS: Record<PayType, string> = {
  1: '支付宝',
  2: '钱包',
  3: '组合支付',
};

/** QR login: a desktop shows the QR, a logged-in phone confirms, the desktop collects its token once. */
export const QR_LOGIN_STATUSES = ['waiting', 'scanned', 'confirmed', 'cancelled', 'expired'] as const;
export type QrLoginStatus = (typeof QR_LOGIN_STATUSES)[number];
export const QR_LOGIN_STATUS_LABELS: Record<QrLoginStatus, string> = {
  waiting: '请使用已登录创作者中心的手机扫码',
  scanned: '扫码成功，请在手机上确认登录',
  confirmed: '已确认，正在登录…',
  cancelled: '已在手机上取消登录',
  expired: '二维码已失效',
};
