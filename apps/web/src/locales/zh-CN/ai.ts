/** Texts of the AI landing page and its layout. */
export const ai = {
  brand: 'AI 短剧创作',
  nav: { tools: 'AI工具', task: '分销任务中心', price: '价格', workspace: '进入工作台' },
  hero: {
    badge: '面向短剧创作者与海外分销商',
    title: 'AI 短剧创作工具',
    subtitle: '从选剧、剪辑去重到批量发布，一站式完成短剧内容生产，让每一部好剧都被更多人看到。',
    cta: '立即体验',
    secondary: '查看分销任务',
  },
  steps: {
    title: '三步完成短剧分发',
    items: [
      { title: '高效选剧', description: '热剧榜单与数据雷达，快速找到值得推广的好剧' },
      { title: '批量剪辑与去重', description: '高能混剪、黄金三秒、多种去重策略一键生成' },
      { title: '批量发布', description: '多平台多账号统一分发，省时省力' },
    ],
  },
  footer: {
    userAgreement: '用户协议',
    privacyPolicy: '隐私政策',
    copyright: '© {year} 创作者中心 版权所有',
  },
} as const;
