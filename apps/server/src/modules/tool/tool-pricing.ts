/**
 * What a tool run costs, shown before it runs and charged when it is accepted: points per output plus points per
 * started minute of output (configuration, TOOL_PRICE_*). The mixed cut is priced on its bucket's longest output
 * (or on the reviewed timelines when the creator sent them), so the price never depends on the planner's luck. A
 * translation makes one video per source, priced on the source's length: slowing the picture to fit a long dubbed
 * line is never charged.
 * 短剧解析 is priced on the episodes it reads: per episode and per started minute of each.
 */
import {
  CUT_DURATION_RANGES,
  type CommentaryConfig,
  type CreateJob,
  type HighCutConfig,
  type Quote,
  type ScriptLine,
} from '@cc/contracts';

export type ToolPrices = Record<CreateJob['tool'], { perOutput: number; perMinute: number }>;

/** Output length range in seconds of a mixed cut; `auto` is priced as its longest possible bucket. */
export function mixcutPricedSeconds(cutDuration: HighCutConfig['cut_duration']): number {
  return cutDuration === 'auto' ? CUT_DURATION_RANGES[300].max : CUT_DURATION_RANGES[cutDuration].max;
}

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60 - 1e-9));

/** What one de-duplicated output of a source this long costs: its share of its job's price. */
export function dedupOutputPrice(sourceSeconds: number, unit: { perOutput: number; perMinute: number }): number {
  return unit.perOutput + minutesOf(sourceSeconds) * unit.perMinute;
}

/**
 * The slowest pace a narration is priced at, characters a second (narrators speak about 4), and what each line adds
 * (its pause): the rendered length stays within the priced minutes however the voice speaks.
 */
export const PRICED_CHARS_PER_SECOND = 2.5;
export const PRICED_SECONDS_PER_LINE = 0.6;
/** Seconds a narration written in the job is priced at, per second of its target length. */
export const PRICED_TARGET_FACTOR = 2;

/** Seconds a commentary output is priced at: its script's, or the written narration's at most. */
export function commentaryPricedSeconds(
  config: Pick<CommentaryConfig, 'shot_scripts'>,
  script: readonly ScriptLine[] | null,
  targetSeconds: number,
): number {
  const lines = script ?? config.shot_scripts;
  if (!lines) return targetSeconds * PRICED_TARGET_FACTOR;
  const chars = lines.reduce((sum, line) => sum + [...line.text].length, 0);
  return chars / PRICED_CHARS_PER_SECOND + lines.length * PRICED_SECONDS_PER_LINE;
}

/** The price of a run, given the source durations in seconds (by media id). */
export function quoteJob(
  job: CreateJob,
  durations: ReadonlyMap<number, number>,
  prices: ToolPrices,
  commentarySeconds = 0,
): Quote {
  const { perOutput, perMinute } = prices[job.tool];
  let outputs: number;
  let minutes: number;
  if (job.tool === 'parse') {
    // Each episode read is one output: its own share plus its started minutes.
    outputs = job.media_ids.length;
    minutes = job.media_ids.reduce((sum, id) => sum + minutesOf(durations.get(id) ?? 0), 0);
  } else if (job.tool === 'dedup') {
    outputs = job.media_ids.length * job.config.output_count;
    minutes = job.media_ids.reduce((sum, id) => sum + minutesOf(durations.get(id) ?? 0), 0) * job.config.output_count;
  } else if (job.tool === 'translate') {
    outputs = job.media_ids.length;
    minutes = job.media_ids.reduce((sum, id) => sum + minutesOf(durations.get(id) ?? 0), 0);
  } else if (job.tool === 'commentary') {
    outputs = job.config.output_count;
    minutes = minutesOf(commentarySeconds) * outputs;
  } else {
    const scripts = job.config.scripts;
    const copies = job.config.output_count;
    if (scripts && scripts.length > 0) {
      outputs = scripts.length * copies;
      minutes =
        scripts.reduce(
          (sum, script) => sum + minutesOf(script.clips.reduce((total, clip) => total + clip.end - clip.start, 0)),
          0,
        ) * copies;
    } else {
      outputs = job.config.script_count * copies;
      minutes = outputs * minutesOf(mixcutPricedSeconds(job.config.cut_duration));
    }
  }
  return {
    price: outputs * perOutput + minutes * perMinute,
    outputs,
    minutes,
    per_output: perOutput,
    per_minute: perMinute,
  };
}
