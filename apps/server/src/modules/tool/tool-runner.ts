/**
 * Runs tool jobs in a worker: takes the job, renders every output with ffmpeg into a scratch
 * folder, moves each into the media library, and ends the job — succeeded, or failed/cancelled with its outputs
 * removed and its points refunded. A watcher reads the job row every second, so a cancel asked in any process kills
 * this process's ffmpeg; a heartbeat keeps the row fresh for the sweep; a time limit stops runaway renders.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CUT_TYPE_LABELS,
  TOOL_LABELS,
  type DedupConfig,
  type DedupOption,
  type HighCutConfig,
  type TimelineClip,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { beijingDateTime } from '../../beijing-time.js';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
import { FfmpegAbortedError, MediaTimeoutError } from '../../providers/media/ffmpeg-process.js';
import { probeVideo, type VideoProbe } from '../../providers/media/probe.js';
import type { JobContext } from '../../jobs/job-table.js';
import type { ParseRunner } from './parse/parse-runner.js';
import type { ToolMediaLibrary } from './tool-media.js';
import { baseName, withLocalFiles } from './local-files.js';
import { runCommentary, type CommentaryRunDeps } from './commentary/commentary-run.js';
import { planFromAnalyses } from './tool-plan.js';
import type { ToolJobRow, ToolRepository } from './tool.repository.js';
import { seedOf, type ToolJobOutputRow, type ToolService } from './tool.service.js';
import { analyzeVideo } from './video/analyze.js';
import { mixcutShortfall } from './video/plan.js';
import { SIMILARITY_THRESHOLD, dedupVerified } from './video/similarity.js';
import { renderTimeline } from './video/render-timeline.js';
import { renderTranslation, type TranslateRenderDeps } from './translate/translate-render.js';
import type { VideoPreset } from './video/encode.js';

const PROGRESS_WRITE_MS = 700;
const WATCH_MS = 1000;
/** Analysis format the planner reads; a stored analysis of another version is made again. */
export const ANALYSIS_VERSION = 2;

class StopRequested extends Error {
  override name = 'StopRequested';
}

/** The process is closing: the job goes back to the queue for the engine's next attempt, nothing is refunded. */
class ShuttingDown extends Error {
  override name = 'ShuttingDown';
}

export interface ToolRunnerDeps {
  tools: ToolRepository;
  service: ToolService;
  media: ToolMediaLibrary;
  /** 短剧解析's runs. */
  parse: ParseRunner;
  clock: Clock;
  log: FastifyBaseLogger;
  workDir: string;
  timeoutMs: number;
  /** VIDEO_PRESET: x264 preset of every render. */
  videoPreset: VideoPreset;
  /** What 字幕翻译 runs need beyond the library: its cues, the voices and the usage record. */
  translate: Omit<TranslateRenderDeps, 'media' | 'videoPreset'>;
  /** What a 影视解说 run needs beyond the rest (its service, the voices, the usage log). */
  commentary: Omit<CommentaryRunDeps, 'media' | 'preset' | 'seedOf'>;
}

/** Progress of one run: fractions of the whole, written at most every 0.7 s, never backwards. */
class ProgressReporter {
  private lastWrite = 0;
  private fraction = 0;
  private stage = '准备中';
  /** The job's log for this attempt: stage changes and results, with Beijing clock times. */
  readonly logs: string[] = [];
  constructor(
    private readonly id: number,
    private readonly deps: ToolRunnerDeps,
    private readonly stop: AbortController,
  ) {}

  set(fraction: number, stage?: string): void {
    this.fraction = Math.max(this.fraction, Math.min(0.99, fraction));
    if (stage && stage !== this.stage) {
      this.stage = stage;
      this.log(stage);
      this.lastWrite = 0;
    }
    const now = Date.now();
    if (now - this.lastWrite < PROGRESS_WRITE_MS) return;
    this.lastWrite = now;
    void this.write();
  }

  log(line: string): void {
    this.logs.push(`${beijingClock(this.deps.clock.now())} ${line}`);
  }

  async write(): Promise<void> {
    const progress = Math.floor(this.fraction * 100);
    try {
      const stop = await this.deps.tools.progress(
        this.id,
        progress,
        this.stage,
        JSON.stringify(this.logs),
        this.deps.clock.now(),
      );
      if (stop) this.stop.abort(new StopRequested('stop requested'));
      this.deps.service.changed(this.id);
    } catch (error) {
      this.deps.log.warn({ err: error, toolJobId: this.id }, 'tool job progress not written');
    }
  }
}

export class ToolRunner {
  private readonly active = new Map<number, AbortController>();

  constructor(private readonly deps: ToolRunnerDeps) {
    deps.service.events.on('cancel', (id: number) => this.abortLocal(id));
  }

  /** The `tool.run` handler. Never throws for a job's own failure: that ends the job; only a crash re-runs it. */
  async run(toolJobId: number, context: Pick<JobContext, 'attempt'>): Promise<void> {
    const { tools, clock, service } = this.deps;
    const row = await tools.get(toolJobId);
    if (!row || (row.status !== 'queued' && row.status !== 'running') || row.charged !== 1) return;
    if (!(await tools.start(toolJobId, context.attempt, clock.now()))) {
      // Cancelled while queued or while a dead worker held it.
      const again = await tools.get(toolJobId);
      if (again && again.cancel_requested === 1) await this.end(again, 'cancelled', '已取消');
      return;
    }
    service.changed(toolJobId);
    // Leftovers of an attempt whose worker died.
    await this.deps.media.deleteOutputsOf(row.agent_id, String(row.id));

    const controller = new AbortController();
    this.active.set(toolJobId, controller);
    const timeout = setTimeout(() => controller.abort(new Error('timeout')), this.deps.timeoutMs);
    const watcher = setInterval(() => {
      void tools.shouldStop(toolJobId).then(
        (stop) => stop && controller.abort(new StopRequested('stop requested')),
        () => undefined,
      );
    }, WATCH_MS);
    const progress = new ProgressReporter(toolJobId, this.deps, controller);
    const workDir = await fs.mkdtemp(path.join(await this.ensureWorkDir(), `job-${toolJobId}-`));
    try {
      const outputs =
        row.tool === 'dedup'
          ? await this.dedup(row, workDir, controller.signal, progress)
          : row.tool === 'translate'
            ? await renderTranslation(
                { ...this.deps.translate, media: this.deps.media, videoPreset: this.deps.videoPreset },
                row,
                workDir,
                controller.signal,
                progress,
              )
            : row.tool === 'parse'
              ? await this.deps.parse.run(row, controller.signal, progress)
              : row.tool === 'commentary'
                ? await runCommentary(
                    row,
                    { ...this.deps.commentary, media: this.deps.media, preset: this.deps.videoPreset, seedOf },
                    { workDir, signal: controller.signal, progress, expectAtMost: expectRenderedAtMost },
                  )
                : await this.mixcut(row, workDir, controller.signal, progress);
      if (controller.signal.aborted) throw controller.signal.reason;
      progress.log('已完成');
      const done = await tools.finish(
        toolJobId,
        'succeeded',
        {
          outputs: JSON.stringify(outputs),
          stage: '已完成',
          progress: 100,
          error: null,
          logs: JSON.stringify(progress.logs),
        },
        clock.now(),
        true,
      );
      if (!done) await this.end((await tools.get(toolJobId))!, 'cancelled', '已取消');
      else service.changed(toolJobId);
    } catch (error) {
      if (controller.signal.reason instanceof ShuttingDown) {
        await this.deps.media.deleteOutputsOf(row.agent_id, String(row.id));
        await tools.requeue(toolJobId, clock.now());
        throw error;
      }
      const stopped = controller.signal.reason instanceof StopRequested || (await tools.shouldStop(toolJobId));
      const timedOut = controller.signal.aborted && !stopped;
      if (!stopped && !timedOut) this.deps.log.error({ err: error, toolJobId }, 'tool job failed');
      const current = (await tools.get(toolJobId))!;
      if (stopped && current.cancel_requested === 1) {
        progress.log('已取消，积分已退还');
        await this.end(current, 'cancelled', '已取消', progress.logs);
      } else {
        const text = timedOut ? '处理超时，积分已退还' : failureText(error);
        progress.log(`失败：${text}`);
        await this.end(current, 'failed', text, progress.logs);
      }
    } finally {
      clearTimeout(timeout);
      clearInterval(watcher);
      this.active.delete(toolJobId);
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  /** Ends a job that did not succeed: outputs removed, state written once, points back. */
  private async end(row: ToolJobRow, status: 'failed' | 'cancelled', text: string, logs?: string[]): Promise<void> {
    await this.deps.media.deleteOutputsOf(row.agent_id, String(row.id));
    // The points come back before the job reads as ended, so "积分已退还" is true whenever it is shown. The refund is
    // keyed: the sweep or a cancel call may have given it already, and a crash before the row is written leaves a
    // running job the sweep ends without a second refund.
    await this.deps.service.refund(row, status);
    const stage = status === 'failed' ? '失败' : '已取消';
    await this.deps.tools.finish(
      row.id,
      status,
      { stage, error: status === 'failed' ? text : null, outputs: '[]', ...(logs && { logs: JSON.stringify(logs) }) },
      this.deps.clock.now(),
    );
    this.deps.service.changed(row.id);
  }

  /** The `tool.analyze` handler: one analysis per medium, kept for every later plan. */
  async analyze(agentId: number, mediaId: number): Promise<void> {
    const existing = await this.deps.tools.analyses([mediaId]);
    if (existing[0]?.version === ANALYSIS_VERSION) return;
    const analysis = await this.deps.media.withLocalFile(agentId, mediaId, (file) => analyzeVideo(file));
    await this.deps.tools.saveAnalysis(mediaId, ANALYSIS_VERSION, JSON.stringify(analysis), this.deps.clock.now());
  }

  private async ensureWorkDir(): Promise<string> {
    await fs.mkdir(this.deps.workDir, { recursive: true });
    return this.deps.workDir;
  }

  private async dedup(
    row: ToolJobRow,
    workDir: string,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<ToolJobOutputRow[]> {
    const config = JSON.parse(row.config) as DedupConfig;
    const sources = await this.deps.media.requireReady(row.agent_id, JSON.parse(row.media_ids) as number[]);
    const total = sources.length * config.output_count;
    const outputs: ToolJobOutputRow[] = [];
    const sourceSeconds: number[] = [];
    let index = 0;
    for (const source of sources) {
      for (let copy = 0; copy < config.output_count; copy += 1) {
        const n = index;
        const label = `第 ${n + 1}/${total} 个`;
        progress.set(n / total, `去重处理 ${label}`);
        const output = path.join(workDir, `dedup-${source.id}-${copy}.mp4`);
        const result = await this.deps.media.withLocalFile(row.agent_id, source.id, async (file) =>
          dedupVerified({
            source: file,
            // The library's duration is what was priced (the decoded one): the render is cut to it.
            sourceProbe: boundedProbe(await probeVideo(file), source.duration),
            output,
            options: config.options,
            seed: seedOf(`${row.id}:${source.id}:${copy}`),
            preset: this.deps.videoPreset,
            signal,
            onProgress: (f) => progress.set((n + f * 0.8) / total),
            onStage: (stage) => progress.set((n + 0.8) / total, `${stage} ${label}`),
          }),
        );
        await expectRenderedAtMost(output, result.duration);
        const mediaId = await this.deps.media.addOutput(row.agent_id, {
          file: output,
          name: `${baseName(source.name)}_去重${copy + 1}_任务${row.agent_seq}.mp4`,
          jobId: String(row.id),
        });
        const belowGoal = result.similarity.similarity > SIMILARITY_THRESHOLD;
        progress.log(
          `${label}${belowGoal ? '未达标' : '完成'}：${result.similarity.note}${result.attempts > 1 ? `（渲染 ${result.attempts} 次）` : ''}`,
        );
        outputs.push({
          media_id: mediaId,
          source_media_id: source.id,
          similarity: round(result.similarity.similarity),
          similarity_note: result.similarity.note,
          ...(belowGoal && { below_goal: true }),
        });
        sourceSeconds.push(source.duration);
        index += 1;
      }
    }
    // Outputs still above the goal after every re-render are given back before the job ends (keyed per output, so
    // a re-run gives nothing twice; a cancel after this gives back only the rest).
    for (const [i, out] of outputs.entries()) {
      if (!out.below_goal) continue;
      out.refunded_points = await this.deps.service.refundOutput(row, {
        index: i,
        count: outputs.length,
        sourceSeconds: sourceSeconds[i]!,
      });
      progress.log(`第 ${i + 1}/${total} 个未达标，已退还 ${out.refunded_points} 积分`);
    }
    return outputs;
  }

  private async mixcut(
    row: ToolJobRow,
    workDir: string,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<ToolJobOutputRow[]> {
    const config = JSON.parse(row.config) as HighCutConfig;
    const mediaIds = JSON.parse(row.media_ids) as number[];
    const sources = await this.deps.media.requireReady(row.agent_id, mediaIds);
    const scripts = config.scripts?.length
      ? config.scripts.map((script) => script.clips)
      : await this.planInJob(row, config, signal, progress);
    const names = new Map(sources.map((s) => [s.id, s.name]));
    const total = scripts.length * config.output_count;
    const outputs: ToolJobOutputRow[] = [];
    const renderStart = config.scripts?.length ? 0 : 0.3;
    let index = 0;
    for (const [scriptIndex, clips] of scripts.entries()) {
      for (let copy = 0; copy < config.output_count; copy += 1) {
        const n = index;
        const at = (f: number) => renderStart + ((n + f) / total) * (1 - renderStart);
        progress.set(at(0), `渲染成片 第 ${n + 1}/${total} 个`);
        const output = path.join(workDir, `mixcut-${scriptIndex}-${copy}.mp4`);
        await withLocalFiles(
          this.deps.media,
          row.agent_id,
          [...new Set(clips.map((c) => c.media_id))],
          async (files) => {
            const probes = new Map<number, VideoProbe>();
            for (const [id, file] of files) probes.set(id, await probeVideo(file));
            const { duration } = await renderTimeline({
              clips: clips.map((clip) => ({
                file: files.get(clip.media_id)!,
                probe: probes.get(clip.media_id)!,
                start: clip.start,
                end: clip.end,
              })),
              output,
              preset: this.deps.videoPreset,
              ...(config.watermark_switch && config.watermark && { watermark: config.watermark }),
              ...(copyOptions(config.deduplication, copy).length > 0 && {
                dedup: {
                  options: copyOptions(config.deduplication, copy),
                  seed: seedOf(`${row.id}:${scriptIndex}:${copy}`),
                },
              }),
              signal,
              onProgress: (f) => progress.set(at(f)),
            });
            await expectRenderedAtMost(output, duration);
          },
        );
        const first = names.get(clips[0]!.media_id) ?? TOOL_LABELS.mixcut;
        const mediaId = await this.deps.media.addOutput(row.agent_id, {
          file: output,
          name: `${baseName(first)}_${CUT_TYPE_LABELS[config.cut_type].name}_脚本${scriptIndex + 1}${config.output_count > 1 ? `_${copy + 1}` : ''}_任务${row.agent_seq}.mp4`,
          jobId: String(row.id),
        });
        progress.log(`第 ${n + 1}/${total} 个成片完成（${clips.length} 个片段）`);
        outputs.push({ media_id: mediaId, script_index: scriptIndex });
        index += 1;
      }
    }
    return outputs;
  }

  /** Analyses what is not analysed yet (first 30 % of the progress) and plans the scripts. */
  private async planInJob(
    row: ToolJobRow,
    config: HighCutConfig,
    signal: AbortSignal,
    progress: ProgressReporter,
  ): Promise<TimelineClip[][]> {
    const mediaIds = JSON.parse(row.media_ids) as number[];
    const stored = new Map((await this.deps.tools.analyses(mediaIds)).map((a) => [a.media_id, a]));
    for (const [i, mediaId] of mediaIds.entries()) {
      if (stored.get(mediaId)?.version === ANALYSIS_VERSION) continue;
      const label = `分析素材 第 ${i + 1}/${mediaIds.length} 个`;
      progress.set((i / mediaIds.length) * 0.3, label);
      const analysis = await this.deps.media.withLocalFile(row.agent_id, mediaId, (file) =>
        analyzeVideo(file, { signal, onProgress: (f) => progress.set(((i + f) / mediaIds.length) * 0.3) }),
      );
      const text = JSON.stringify(analysis);
      await this.deps.tools.saveAnalysis(mediaId, ANALYSIS_VERSION, text, this.deps.clock.now());
      stored.set(mediaId, { media_id: mediaId, version: ANALYSIS_VERSION, analysis: text, created_at: 0 });
    }
    progress.set(0.3, '生成剪辑方案');
    const seed = seedOf(JSON.stringify([mediaIds, config.cut_type, config.cut_duration]));
    const plan = planFromAnalyses(
      mediaIds.map((mediaId) => ({ mediaId, stored: stored.get(mediaId)! })),
      config,
      seed,
    );
    // The quote judged the material by its length before it was analysed; what is really usable may fall short.
    const shortfall = mixcutShortfall(plan.usable, config.cut_duration);
    if (shortfall) throw new Error(shortfall);
    if (plan.scripts.length === 0) throw new Error('素材过短，无法生成混剪方案');
    return plan.scripts.map((script) => script.clips);
  }

  /** Graceful close: running renders stop and their jobs wait for the engine's next delivery. */
  shutdown(): void {
    for (const controller of this.active.values()) controller.abort(new ShuttingDown('worker closing'));
  }

  /** Stops this process's run of a job at once (the watcher would within a second anyway). */
  abortLocal(toolJobId: number): void {
    this.active.get(toolJobId)?.abort(new StopRequested('stop requested'));
  }
}

/**
 * The de-dup options of one copy of a script: the creator's, or — for the second copy on when they chose none — a
 * light 常规去重, so that N copies of one timeline still differ from each other.
 */
export function copyOptions(chosen: readonly DedupOption[], copy: number): DedupOption[] {
  return chosen.length > 0 ? [...chosen] : copy > 0 ? ['common'] : [];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** HH:mm:ss in Beijing time, for log lines. */
function beijingClock(ms: number): string {
  return beijingDateTime(ms).slice(11);
}

/** What the creator reads when a run fails: Chinese, never ffmpeg's stderr. */
function failureText(error: unknown): string {
  if (error instanceof FfmpegAbortedError) return '处理被中断，积分已退还';
  if (error instanceof MediaTimeoutError) return '处理超时，积分已退还';
  if (error instanceof Error && /[\u4e00-\u9fff]/.test(error.message)) return `${error.message}，积分已退还`;
  return '视频处理失败，积分已退还，请检查素材后重试';
}

/** A source's probe whose duration never exceeds the library's (decoded, priced) one. */
function boundedProbe(probe: VideoProbe, pricedSeconds: number): VideoProbe {
  return { ...probe, duration: Math.min(probe.duration, pricedSeconds) };
}

/**
 * Price from what is really rendered: an output longer than planned (and priced), beyond a frame's
 * rounding, fails the job, which refunds it.
 */
async function expectRenderedAtMost(output: string, plannedSeconds: number): Promise<void> {
  const rendered = await probeVideo(output);
  if (rendered.duration > plannedSeconds + 0.5) throw appError('toolOutputTooLong');
}
