/** Texts of the payment dialog (spec §4 order payment, §5 wallet rules, §8 order and payment failures). */
import { ClientMessages, PAY_TYPE_LABELS } from '@cc/contracts';

export const order = {
  title: '支付订单',
  summary: {
    package: '积分套餐',
    credit: '{credit}积分',
    giftCredit: '+ 赠送{credit}积分',
    amount: '应付金额',
  },
  payTypes: PAY_TYPE_LABELS,
  walletShort: '钱包余额不足（可用 {amount}）',
  walletAvailable: '可用 {amount}',
  comboHint: '钱包余额 {amount} 可抵扣部分金额',
  scanAmount: '扫码支付',
  comboSplit: '钱包抵扣 {wallet}，扫码支付 {scan}',
  scanHint: '请使用支付宝扫一扫完成支付',
  qrExpired: '二维码已过期，点击刷新',
  qrAlt: '支付二维码',
  countdownBefore: '请在 ',
  countdownAfter: ' 内完成支付，超时订单将自动取消',
  walletAmount: '钱包支付',
  walletCodeHint: '验证码将发送至 {phone}',
  walletCodeHintNoPhone: '验证码将发送至您的绑定手机',
  codePlaceholder: '请输入6位验证码',
  confirm: '确认支付',
  success: {
    title: ClientMessages.paySuccess,
    credited: '已到账 {credit} 积分',
    total: '当前积分余额 {total}',
    done: '完成',
  },
  paySuccess: ClientMessages.paySuccess,
  payFailed: ClientMessages.payFailed,
  orderFailed: ClientMessages.orderFailed,
  orderTimeout: ClientMessages.orderTimeout,
  payCancelled: ClientMessages.payCancelled,
} as const;
