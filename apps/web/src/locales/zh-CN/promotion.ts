/** Texts of the promotion button and the '推广链接' dialog. */
import { ClientMessages } from '@cc/contracts';

export const promotion = {
  button: '推广',
  toTask: '去推广',
  dialogTitle: '推广链接',
  rows: {
    serial_link: '短剧链接',
    novel_link: '小说链接',
    app_link: 'APP链接',
    code: '口令',
    copy_text: '口令推广文案',
  },
  copyLabel: '复制{label}',
  /** What was copied, by its row's label (a novel's link is a 小说链接, not a 短剧链接). */
  copied: '{label}已复制',
  copiedAndAdded: '{label}已复制，已添加到我的任务',
  copyFailed: '复制失败，请手动选择文字复制',
  receiveFailed: ClientMessages.receiveFailed,
  hint: '复制任意一项即可开始推广，推广数据可在“我的任务”中查看',
  tutorialsTitle: '推广教程',
  tutorials: { video: '视频网站教程', short: '短视频教程' },
} as const;
