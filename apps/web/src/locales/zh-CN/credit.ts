/** Texts of the points modal (积分明细 / 积分充值), the retention offer, the tool bar's points and the points check. */
import { ClientMessages } from '@cc/contracts';

export const credit = {
  recharge: '充值',
  detail: '积分明细',
  detailTitle: '积分明细',
  listTitle: '积分充值',
  balance: {
    total: '积分余额',
    buy: '购买',
    gift: '赠送',
  },
  tabs: { all: '全部', cost: '消耗', purchase: '购买', gift: '赠送' },
  tabsLabel: '积分记录类型',
  empty: '暂无积分记录',
  noMore: '没有更多了',
  loadMore: '加载失败，点击重试',
  loginFirst: '登录后查看积分明细',
  login: '立即登录',
  package: {
    credit: '{credit}积分',
    giftCredit: '赠送{credit}积分',
    promotionEndsIn: '限时优惠',
    countdown: '{days}天{hours}时{minutes}分{seconds}秒',
  },
  noPackages: '暂无可购买的积分套餐',
  selectPackage: '请选择积分套餐',
  selected: '已选：{name}',
  payable: '应付',
  buy: '立即购买',
  rulesTitle: '积分规则',
  rules: [
    '积分有效期1年，自到账之日起计算，逾期自动失效；消耗积分时优先使用最早到账的积分。',
    '积分不可转让、不可提现、不可退款，仅限本账号使用 AI 工具时抵扣。',
    '每笔订单限购1份套餐，支付成功后积分立即到账。',
    '如有疑问，请联系在线客服。',
  ],
  /** The free points offered before the paid packages to a creator who has not claimed them. */
  freeOffer: {
    title: '新人专享 {points} 积分',
    text: '免费领取，先体验 AI 工具，用完再按需购买',
    claim: '免费领取',
  },
  /** Plain words, no confirmshaming: declining is a choice like any other. */
  retention: {
    title: '为您保留一份限时特惠',
    endsIn: '优惠剩余',
    buy: '立即购买',
    giveUp: '暂不需要',
  },
  insufficientPoints: ClientMessages.insufficientPoints,
} as const;
