/**
 * Handing a selection from one tool of the workspace to another: the media ids travel in the address
 * (`?tool=mixcut&media=1,2`, so the link can be opened again), the chosen clips in the tab's session storage (too
 * long for an address), taken once by the receiving panel.
 */
import type { TimelineClip, WorkspaceTool } from '@cc/contracts';
import { paths } from '../../lib/paths';

const CLIPS_KEY = 'cc.tool.handoff.clips';

/** The workspace with `tool` open on these media. */
export function handoffPath(tool: WorkspaceTool, mediaIds: readonly number[]): string {
  return `${paths.tool}?tool=${tool}&media=${mediaIds.join(',')}`;
}

/** The media ids of `?media=1,2`, in order, without repeats or anything that is no id. */
export function handedMediaIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value.split(',').map(Number);
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
}

export function handClips(mediaIds: readonly number[], clips: readonly TimelineClip[]): void {
  try {
    sessionStorage.setItem(CLIPS_KEY, JSON.stringify({ media_ids: mediaIds, clips }));
  } catch {
    // Storage refused (private mode, full): the media alone are handed over.
  }
}

/** The clips handed over for exactly these media; null when none (or for other media). */
export function handedClips(mediaIds: readonly number[]): TimelineClip[] | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(CLIPS_KEY);
  } catch {
    return null;
  }
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as { media_ids?: unknown; clips?: unknown };
    const same = Array.isArray(value.media_ids) && value.media_ids.join(',') === mediaIds.join(',');
    return same && Array.isArray(value.clips) && value.clips.length > 0 ? (value.clips as TimelineClip[]) : null;
  } catch {
    return null;
  }
}

/** Forgets the handed clips once taken, so a later visit starts from the planner again. */
export function forgetHandedClips(): void {
  try {
    sessionStorage.removeItem(CLIPS_KEY);
  } catch {
    // Nothing to forget where storage is refused.
  }
}
