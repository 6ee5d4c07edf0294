/** Plans mixed cuts from stored analyses: the bridge between `media_analyses` rows and the video engine's planner. */
import type { HighCutConfig, Timeline } from '@cc/contracts';
import type { MediaAnalysis } from './video/analyze.js';
import { planMixcut } from './video/plan.js';

export interface StoredAnalysis {
  media_id: number;
  version: number;
  analysis: string;
}

export function planFromAnalyses(
  sources: { mediaId: number; stored: StoredAnalysis }[],
  config: Pick<HighCutConfig, 'cut_duration' | 'cut_type' | 'script_count'>,
  seed: number,
): { range: { min: number; max: number }; scripts: (Timeline & { duration: number })[] } {
  const plan = planMixcut(
    sources.map(({ mediaId, stored }) => ({ mediaId, analysis: JSON.parse(stored.analysis) as MediaAnalysis })),
    config,
    seed,
  );
  return { range: plan.range, scripts: plan.scripts.slice(0, config.script_count) };
}
