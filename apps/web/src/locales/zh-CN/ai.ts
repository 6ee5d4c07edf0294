/** Texts of the AI landing page (/ai) and its layout: nav, hero, tool carousel, workflow, call to action, footer. */
export const ai = {
  nav: {
    tools: 'AI 工具',
    task: '分销任务中心',
    price: '价格',
    guide: '教程',
    workspace: '进入工作台',
    openMenu: '打开菜单',
    toolsHint: '登录后即可使用',
  },
  hero: {
    badge: '面向短剧创作者与海外分销商',
    title: 'AI 驱动的短剧创作平台',
    highlight: '剪辑、去重、分发一站搞定',
    subtitle: '从选剧、剪辑去重到批量发布，一站式完成短剧内容生产，让每一部好剧都被更多人看到。',
    cta: '免费试用',
    secondary: '浏览分销任务',
    note: '新用户可免费领取 {points} 积分',
    stats: {
      tools: { unit: '款', label: 'AI 创作工具' },
      dedup: { unit: '种', label: '去重策略' },
      cutTypes: { unit: '种', label: '智能剪辑模式' },
      outputs: { unit: '条', label: '单次批量输出' },
    },
    mock: {
      title: '高能混剪 · 第 12 集',
      rendering: '生成中',
      tracks: ['画面', '字幕', '音频'],
      done: '已生成 3 条成片',
      phoneTitle: '霸总的千亿新娘',
      phoneTag: '高能片段',
    },
  },
  tools: {
    /** Phrases: a narrow screen breaks the line between them, never inside one. */
    title: ['六大 AI 工具，', '覆盖短剧生产全流程'],
    subtitle: ['从素材管理到混剪、解说、翻译、去重，一个工作台搞定；', '批量发布即将上线'],
    open: '进入工具',
    preview: '抢先看看',
    comingSoon: '即将上线',
    previous: '上一个工具',
    next: '下一个工具',
    items: {
      mixcut: {
        summary: '自动识别高能片段，按黄金三秒、高能前置等多种模式剪出爆款短视频。',
        points: ['自动识别高能片段与转场', '60~300 秒多档时长可选', '一次生成多条不同成片'],
      },
      commentary: {
        summary: 'AI 生成解说文案并智能配音，自动配上字幕与背景音乐。',
        points: ['分镜解说脚本一键生成', '多种音色与讲述风格', '字幕位置与特效可调'],
      },
      translate: {
        summary: '识别原片台词，生成中英双语或纯译文字幕，助力短剧出海。',
        points: ['语音识别自动出字幕', '双语 / 仅译文两种模式', '字体、颜色、描边自由设置'],
      },
      dedup: {
        summary: '画中画、旋转、镜像、抽帧等多种策略自由组合，批量生成差异化视频。',
        points: ['十种去重策略自由组合', '自动校验与原片的相似度', '多条素材一次处理'],
      },
      media: {
        summary: '剧集素材云端统一管理，任务剧集一键导入，大文件断点续传。',
        points: ['大文件断点续传', '任务剧集一键导入', '成片自动归档'],
      },
      publish: {
        summary: '多平台、多账号统一分发，定时批量发布，省时省力。',
        points: ['多平台账号统一管理', '定时批量发布', '发布数据统一回收'],
      },
    },
  },
  steps: {
    title: '三步完成短剧分发',
    subtitle: '选剧、剪辑、发布，AI 帮你把每一步都变快',
    comingSoon: '即将上线',
    items: [
      { title: '高效选剧', description: '热剧榜单与分销任务，快速找到值得推广的好剧', action: '去选剧' },
      { title: '批量剪辑与去重', description: '高能混剪、黄金三秒、多种去重策略一键生成', action: '去剪辑' },
      { title: '批量发布', description: '多平台多账号统一分发，省时省力', action: '' },
    ],
  },
  cta: {
    title: '立即开启 AI 短剧创作',
    subtitle: '新用户免费领取 {points} 积分，体验高能混剪、影视解说、字幕翻译与批量去重',
    primary: '免费试用',
    secondary: '领取积分',
  },
  footer: {
    description: '面向短剧创作者的 AI 创作与分销平台，让好内容被更多人看见。',
    product: '产品',
    support: '帮助与支持',
    legal: '协议与政策',
    gift: '积分福利',
    manual: '使用手册',
    guide: '教程',
    feedback: '意见反馈',
    feedbackHint: '扫码添加客服，告诉我们你的问题与建议',
    userAgreement: '用户协议',
    privacyPolicy: '隐私政策',
    qrTitle: '扫码联系客服',
    qrFallback: '客服二维码暂时无法加载，请前往帮助中心联系我们',
    qrFallbackLink: '前往帮助中心',
    copyright: '© {year} {company} 版权所有',
  },
} as const;
