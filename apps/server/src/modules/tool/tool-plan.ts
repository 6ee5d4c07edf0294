/** Plans mixed cuts from stored analyses: the bridge between `media_analyses` rows and the video engine's planner. */
import type { HighCutConfig, Timeline } from '@cc/contracts';
import type { MediaAnalysis } from './video/analyze.js';
import { planMixcut, usableSeconds } from './video/plan.js';

export interface StoredAnalysis {
  media_id: number;
  version: number;
  analysis: string;
}

const parse = (stored: StoredAnalysis) => JSON.parse(stored.analysis) as MediaAnalysis;

/** Seconds of material a mixed cut of these analysed media can use. */
export function usableOfAnalyses(stored: readonly StoredAnalysis[]): number {
  return usableSeconds(stored.map((row) => ({ mediaId: row.media_id, analysis: parse(row) })));
}

export function planFromAnalyses(
  sources: { mediaId: number; stored: StoredAnalysis }[],
  config: Pick<HighCutConfig, 'cut_duration' | 'cut_type' | 'script_count'>,
  seed: number,
): { range: { min: number; max: number }; usable: number; scripts: (Timeline & { duration: number })[] } {
  const plan = planMixcut(
    sources.map(({ mediaId, stored }) => ({ mediaId, analysis: parse(stored) })),
    config,
    seed,
  );
  return { range: plan.range, usable: plan.usable, scripts: plan.scripts.slice(0, config.script_count) };
}
