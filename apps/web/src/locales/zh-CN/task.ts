/** Texts of the task screens: task center, task detail and my tasks. */
export const task = {
  title: '任务中心',
  description: '浏览短剧与小说推广任务，领取后即可获得专属推广链接',
  detailTitle: '任务详情',
  detailDescription: '查看任务素材、推广数据与推广链接',
  myTaskTitle: '我的任务',
  myTaskDescription: '已领取并推广的任务与推广数据',
} as const;
