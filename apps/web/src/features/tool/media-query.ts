/** The media a link preselects for a tool (`?media=1,2`, as the parse page sends creators on). */
import { MAX_JOB_MEDIA } from '@cc/contracts';

/** The media ids of `?media=1,2`: positive whole ids, once each, at most a job's worth. */
export function mediaIdsOf(value: string | null): number[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    ),
  ].slice(0, MAX_JOB_MEDIA);
}
