/** Texts of the points promotion (gift) page. */
import { ClientMessages } from '@cc/contracts';

export const gift = {
  home: '返回首页',
  hero: {
    badge: '新人福利',
    title: '新用户专享 {points} 积分',
    subtitle: '积分可用于高能混剪、影视解说、字幕翻译、批量去重等 AI 工具',
  },
  claim: '免费领取{points}积分',
  claimed: '已领取，去使用积分',
  claimHint: '每个账号限领一次，领取后立即到账',
  claimSuccess: ClientMessages.claimSuccess,
  claimFailed: '领取失败，请重试',
  myPoints: '我的积分',
  pointsDetail: '积分明细',
  packagesTitle: '积分套餐',
  packagesSubtitle: '积分有效期1年，不可转让、不可提现、不可退款',
  mostBought: '最多人购买',
  credit: '{credit} 积分',
  giftCredit: '赠送 {credit} 积分',
  buy: '立即购买',
  noPackages: '暂无可购买的积分套餐',
} as const;
