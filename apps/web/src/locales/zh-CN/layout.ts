/** Texts of the layouts: top bar, menus, footer, tab bar, new-version notice, tool bar. */
export const layout = {
  menu: { home: '首页', task: '任务中心', income: '我的收益', tool: 'AI 工具' },
  login: '登录',
  openMenu: '打开菜单',
  userMenu: {
    profile: '个人信息',
    myTask: '我的任务',
    team: '邀请好友',
    account: '账号报备',
    task: '任务中心',
    income: '我的收益',
    tool: 'AI 工具',
    points: '我的积分',
    logout: '退出登录',
    /** The avatar button's name: on a phone it is the avatar alone. */
    open: '账号菜单',
  },
  tabBar: { label: '底部导航', home: '首页', task: '任务', tool: 'AI 工具', income: '收益', profile: '我的' },
  footer: {
    help: '帮助中心',
    userAgreement: '用户协议',
    privacyPolicy: '隐私政策',
    copyright: '© {year} 创作者中心 版权所有',
  },
  newVersion: {
    title: '温馨提示',
    content: '创作者中心已发布新版本，功能与体验全面升级，快来体验吧！',
    confirm: '立即体验',
  },
  tool: {
    title: 'AI 工具',
    points: '积分',
    guide: '新手引导',
    manual: '使用指南',
    feedback: '反馈',
    more: '更多',
    service: {
      title: '在线客服 · 7×24小时',
      description: '工具使用、积分充值、成片问题与建议，微信扫码随时咨询在线客服',
      qrAlt: '在线客服二维码',
      fileName: '在线客服二维码',
    },
  },
} as const;
