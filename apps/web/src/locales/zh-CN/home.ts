/** Texts of the home page. */
export const home = {
  title: '欢迎来到创作者中心',
  intro:
    '领取短剧与小说推广任务，分享链接即可获得收益分成；邀请好友组建团队，还能使用 AI 工具高效剪辑、去重与发布短剧内容。',
  toTask: '任务中心',
  toAi: 'AI工具',
  highlights: {
    task: { title: '推广任务', description: '海量短剧、小说任务随时领取，一键复制推广链接' },
    income: { title: '收益结算', description: '订单分成清晰可查，支持提现到银行卡或支付宝' },
    ai: { title: 'AI 创作', description: '高能混剪、影视解说、字幕翻译，积分即用即付' },
  },
} as const;
