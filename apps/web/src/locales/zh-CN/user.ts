/** Texts of the creator onboarding application. */
export const user = {
  applyTitle: '入驻申请',
  applyDescription: '提交创作者入驻申请，审核通过后即可开始推广',
} as const;
