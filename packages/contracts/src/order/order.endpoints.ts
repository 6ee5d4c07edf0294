/** Points orders and their payment (the payment dialog), the wallet's withdrawable figure, and Alipay's notification. */
import { endpoint } from '../endpoint.js';
import {
  changePayTypeQuerySchema,
  createOrderRequestSchema,
  orderNoQuerySchema,
  orderStateSchema,
  walletPayRequestSchema,
  walletSummarySchema,
} from './order.schema.js';

const tag = '积分订单';

const create = endpoint({
  method: 'POST',
  path: '/agent/v1/order/create',
  guard: 'creator',
  tag,
  summary: '下单购买积分套餐',
  description:
    '桌面端返回支付宝二维码（当面付），手机端 `pay_channel: 2` 返回手机网站支付的收银台地址；订单 9 分 59 秒内未支付自动关闭。',
  body: createOrderRequestSchema,
  response: orderStateSchema,
  successText: '下单成功',
  errors: ['packageUnavailable', 'retentionOfferExpired', 'retentionOfferMissing', 'paymentUnavailable'],
});

const status = endpoint({
  method: 'GET',
  path: '/agent/v1/order/get_status',
  guard: 'creator',
  tag,
  summary: '查询订单状态（支付弹窗轮询）',
  query: orderNoQuerySchema,
  response: orderStateSchema,
  errors: ['orderNotFound'],
});

const changePayType = endpoint({
  method: 'GET',
  path: '/agent/v1/order/change_pay_type',
  guard: 'creator',
  tag,
  summary: '切换支付方式（支付宝、钱包、组合支付）',
  query: changePayTypeQuerySchema,
  response: orderStateSchema,
  errors: ['orderNotFound', 'orderNotPending', 'comboNotNeeded', 'walletNoQr', 'paymentUnavailable'],
});

const resetQrCode = endpoint({
  method: 'GET',
  path: '/agent/v1/order/reset_qr_code',
  guard: 'creator',
  tag,
  summary: '刷新支付二维码',
  query: orderNoQuerySchema,
  response: orderStateSchema,
  errors: ['orderNotFound', 'orderNotPending', 'paymentUnavailable'],
});

const cancel = endpoint({
  method: 'GET',
  path: '/agent/v1/order/cancel',
  guard: 'creator',
  tag,
  summary: '取消未支付的订单',
  query: orderNoQuerySchema,
  response: orderStateSchema,
  successText: '支付已取消',
  errors: ['orderNotFound'],
});

const walletPay = endpoint({
  method: 'POST',
  path: '/agent/v1/order/wallet_pay',
  guard: 'creator',
  tag,
  summary: '用钱包余额支付（资金验证码或资金会话）',
  description: '需要短信验证码（类型 5），或在资金会话有效期内（10 分钟，绑定登录和设备 `x-device-id`）免验证码。',
  body: walletPayRequestSchema,
  response: orderStateSchema,
  successText: '支付成功',
  errors: [
    'orderNotFound',
    'orderNotPending',
    'walletInsufficient',
    'moneyCodeRequired',
    'smsCodeInvalid',
    'smsCodeBurned',
  ],
});

const walletIncome = endpoint({
  method: 'GET',
  path: '/agent/v1/credit/income',
  guard: 'creator',
  tag,
  summary: '钱包可提现金额',
  response: walletSummarySchema,
});

const alipayNotify = endpoint({
  method: 'POST',
  path: '/pay/alipay/notify',
  guard: 'alipay',
  tag,
  summary: '支付宝异步通知',
  description:
    '支付宝以表单提交交易结果，签名验证通过并处理后回答纯文本 `success`，否则 `failure`（支付宝按其时间表重试）。按 IP 限流（RATE_LIMIT_NOTIFY_PER_IP）。',
  formBody: true,
  answer: 'text',
});

export const orderApi = {
  create,
  status,
  changePayType,
  resetQrCode,
  cancel,
  walletPay,
  walletIncome,
  alipayNotify,
} as const;
