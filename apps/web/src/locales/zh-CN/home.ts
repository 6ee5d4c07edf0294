/** Texts of the home page: banners, headline figures, recommended tasks and the hit chart. */
export const home = {
  bannerPrevious: '上一张',
  bannerNext: '下一张',
  bannerAlt: '活动横幅',
  /** The banners' carousel: its name, and what a screen reader calls it. */
  bannersLabel: '活动横幅',
  carousel: '轮播',
  overview: {
    title: '我的推广数据',
    taskCount: '推广任务',
    clickCount: '累计点击',
    orderCount: '订单数',
    shareAmount: '累计推广收益',
    toMyTask: '我的任务',
  },
  welcome: {
    title: '欢迎来到创作者中心',
    intro: '领取短剧与小说推广任务，分享链接即可获得收益分成。登录后查看您的推广数据。',
    login: '登录/注册',
    toTask: '浏览任务',
  },
  recommended: {
    title: '推荐任务',
    more: '查看全部',
  },
  chart: {
    title: '热剧榜',
    channels: { all: '全部', male: '男频', female: '女频' },
    sorts: { publish_at: '最新', total_income: '最热' },
    totalIncome: '累计收益',
    empty: '暂无榜单数据',
  },
} as const;
