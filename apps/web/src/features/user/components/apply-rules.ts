/** The onboarding form's own fields and their rules: the server's zod schema, field by field, so messages match. */
import { applySubmitSchema, type FOLLOWER_RANGES, type Platform } from '@cc/contracts';
import type { z } from 'zod';

export type FollowerRange = (typeof FOLLOWER_RANGES)[number];

/** The form's fields besides phone and code, which live in `usePhoneCode`. */
export interface ProfileFields {
  real_name: string;
  platform: Platform | undefined;
  channel_link: string;
  follower_range: FollowerRange | undefined;
  experience: string;
}
export type ProfileKey = keyof ProfileFields;

export const PROFILE_KEYS = [
  'real_name',
  'platform',
  'channel_link',
  'follower_range',
  'experience',
] as const satisfies readonly ProfileKey[];

const rules: Record<ProfileKey, z.ZodType> = {
  real_name: applySubmitSchema.shape.real_name,
  platform: applySubmitSchema.shape.platform,
  channel_link: applySubmitSchema.shape.channel_link,
  follower_range: applySubmitSchema.shape.follower_range,
  experience: applySubmitSchema.shape.experience,
};

/** The first rule message for a value, or null when it passes. */
export function fieldError(key: ProfileKey, value: unknown): string | null {
  const result = rules[key].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
