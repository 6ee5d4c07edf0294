/** Texts of the points promotion (gift) page. */
export const gift = {
  home: '返回首页',
  hero: {
    badge: '新人福利',
    title: '免费领取 {points} 积分',
    subtitle: '积分可用于高能混剪、影视解说、字幕翻译等 AI 工具',
  },
  claim: '立即领取',
  packagesTitle: '积分套餐',
  mostBought: '最多人购买',
  price: '¥{price}',
  credit: '{credit} 积分',
  giftCredit: '赠送 {credit} 积分',
  comingSoon: '领取与购买即将上线，敬请期待',
} as const;
