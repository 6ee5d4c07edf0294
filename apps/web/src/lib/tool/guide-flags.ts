/**
 * The local guide flags — basic, config, team work, works, card, jobs — stored as 0 or 1 (hide = 1): a
 * tour shows until the creator finishes or closes it once, and the 新手引导 button shows it again.
 */
import { LocalKey, localStore } from '../storage';

export const GUIDE_FLAGS = ['basic', 'config', 'team work', 'works', 'card', 'jobs'] as const;
export type GuideFlag = (typeof GUIDE_FLAGS)[number];
type Flags = Record<GuideFlag, 0 | 1>;

function readFlags(): Flags {
  const flags = Object.fromEntries(GUIDE_FLAGS.map((flag) => [flag, 0])) as Flags;
  try {
    const stored = JSON.parse(localStore.get(LocalKey.guide) ?? '{}') as Record<string, unknown>;
    for (const flag of GUIDE_FLAGS) if (stored[flag] === 1) flags[flag] = 1;
  } catch {
    // A damaged value shows the tours again, which is harmless.
  }
  return flags;
}

export function isGuideHidden(flag: GuideFlag): boolean {
  return readFlags()[flag] === 1;
}

export function hideGuide(flag: GuideFlag): void {
  localStore.set(LocalKey.guide, JSON.stringify({ ...readFlags(), [flag]: 1 }));
}

export function resetGuide(flag: GuideFlag): void {
  localStore.set(LocalKey.guide, JSON.stringify({ ...readFlags(), [flag]: 0 }));
}

const guideListeners = new Set<() => void>();

/** The 新手引导 button of the tool bar asks the workspace page to show its tour again. */
export function requestGuide(): void {
  resetGuide('basic');
  guideListeners.forEach((listener) => listener());
}

export function onGuideRequested(listener: () => void): () => void {
  guideListeners.add(listener);
  return () => guideListeners.delete(listener);
}
