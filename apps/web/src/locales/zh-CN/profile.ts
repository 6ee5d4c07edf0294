/** Texts of the personal information page. */
export const profile = {
  title: '个人信息',
  description: '管理您的昵称与账号信息',
  nickname: '昵称',
  nicknamePlaceholder: '请输入昵称',
  nicknameUnset: '未设置',
  phone: '手机号',
  inviteCode: '我的邀请码',
  points: '积分余额',
  saved: '保存成功',
  saveFailed: '保存失败，请重试',
} as const;
