/** Texts of the invite-friends (team) page. */
export const team = {
  title: '邀请好友',
  description: '邀请好友加入团队，共享推广收益',
} as const;
