/**
 * The AI video tools: priced jobs charged in points, run by ffmpeg on the job engine, outputs in the library; which
 * tools the configured AI services allow, and the record of what their calls used (`ai_usage`); 字幕翻译's glossary
 * and subtitle lists for review; 短剧解析's parses and `EpisodeInsights`, what is known of a medium (analysis,
 * transcript, parse) for every tool to reuse.
 */
import type { CreditService } from '../credit/credit.service.js';
import { defineModule } from '../../compose/module.js';
import { jobKeys } from '../../jobs/app-jobs.js';
import type { ToolMediaLibrary } from './tool-media.js';
import { StreamSlots } from '../../plugins/stream-slots.js';
import { AiUsageRepository } from './ai-usage.repository.js';
import { AiUsageLog } from './ai-usage.js';
import { EpisodeInsights } from './parse/episode-insights.js';
import { EpisodeSummaries } from './parse/episode-summary.js';
import { ParseRepository } from './parse/parse.repository.js';
import { ParseRunner } from './parse/parse-runner.js';
import { ParseService } from './parse/parse.service.js';
import { parseRoutes } from './parse/parse.routes.js';
import { toolAvailability } from './tool-availability.js';
import { ToolRepository } from './tool.repository.js';
import { ToolRunner } from './tool-runner.js';
import { toolRoutes } from './tool.routes.js';
import { ToolService } from './tool.service.js';
import { TranslateRepository } from './translate/translate.repository.js';
import { translateRoutes } from './translate/translate.routes.js';
import { TranslateService } from './translate/translate.service.js';
import { CommentaryRepository } from './commentary/commentary.repository.js';
import { commentaryRoutes } from './commentary/commentary.routes.js';
import { CommentaryService } from './commentary/commentary.service.js';
import { StoredTranscripts } from './episode-transcripts.js';
import { ANALYSIS_VERSION } from './tool-runner.js';

export const toolModule = defineModule<{ credits: CreditService; media: ToolMediaLibrary }>()(
  'tool',
  ({ database, clock, log, config, lifecycle, jobs, credits, media, ai }) => {
    const repository = new ToolRepository(database.db, database.kind);
    const aiUsage = new AiUsageLog(new AiUsageRepository(database.db), clock, log);
    const parses = new ParseRepository(database.db);
    const episodeInsights = new EpisodeInsights({
      tools: repository,
      parses,
      media,
      asr: ai.asr,
      aiUsage,
      clock,
      workDir: config.tool.workDir,
    });
    const translate = new TranslateService({
      repository: new TranslateRepository(database.db),
      media,
      ai,
      usage: aiUsage,
      transcripts: episodeInsights,
      availability: () => toolAvailability('translate', ai.configured),
      enqueueSubtitles: (cacheKey: string, attempt: number): Promise<string> =>
        jobs.enqueue(
          'tool.translate-subtitles',
          { cache_key: cacheKey, attempt },
          { key: jobKeys.translateSubtitles(cacheKey, attempt) },
        ),
      clock,
      log,
    });
    const commentary = new CommentaryService({
      scripts: new CommentaryRepository(database.db),
      tools: repository,
      media,
      ai,
      aiUsage,
      transcripts: new StoredTranscripts(episodeInsights),
      availability: () => toolAvailability('commentary', ai.configured),
      enqueueScript: (scriptId: number, generation: number) =>
        jobs.enqueue(
          'tool.commentary-script',
          { script_id: scriptId },
          { key: jobKeys.commentaryScript(scriptId, generation) },
        ),
      analysisVersion: ANALYSIS_VERSION,
      clock,
    });
    const tools = new ToolService({
      tools: repository,
      credits,
      media,
      enqueueRun: (id: number): Promise<string> =>
        jobs.enqueue('tool.run', { tool_job_id: id }, { key: jobKeys.toolRun(id) }),
      enqueueAnalyze: (agentId: number, mediaId: number): Promise<string> =>
        jobs.enqueue('tool.analyze', { agent_id: agentId, media_id: mediaId }, { key: jobKeys.toolAnalyze(mediaId) }),
      engineJob: (id: string) => jobs.get(id),
      prices: config.tool.prices,
      availability: (tool) => toolAvailability(tool, ai.configured),
      checkTranslate: (agentId, job) => translate.checkRun(agentId, job),
      commentary,
      clock,
      log,
    });
    const parseRunner = new ParseRunner({
      insights: episodeInsights,
      parses,
      media,
      summaries: ai.llm && new EpisodeSummaries(ai.llm, aiUsage),
      clock,
    });
    const parseResults = new ParseService({ parses, tools: repository, media });
    media.setInUseCheck((agentId: number, mediaId: number) => tools.isMediaInUse(agentId, mediaId));
    const toolRunner = new ToolRunner({
      tools: repository,
      service: tools,
      media,
      parse: parseRunner,
      clock,
      log,
      workDir: config.tool.workDir,
      timeoutMs: config.tool.timeoutMs,
      videoPreset: config.tool.videoPreset,
      translate: { translate, ai, usage: aiUsage },
      commentary: { commentary, ai, aiUsage },
    });
    // A closing worker hands its running renders back to the queue before the engine waits for its handlers.
    lifecycle.preClose(() => toolRunner.shutdown());
    return { tools, toolRunner, aiUsage, translate, episodeInsights, parseResults, commentary };
  },
  {
    jobs: ({ tools, toolRunner, translate, commentary, config }) => ({
      'tool.run': ({ tool_job_id }, { attempt }) => toolRunner.run(tool_job_id, { attempt }),
      'tool.analyze': ({ agent_id, media_id }) => toolRunner.analyze(agent_id, media_id),
      'tool.translate-subtitles': ({ cache_key, attempt }) => translate.makeSubtitles(cache_key, attempt),
      'tool.commentary-script': ({ script_id }) => commentary.writePreview(script_id),
      'tool.sweep': async (_input, { log }) => {
        const ended = await tools.sweep(config.tool.timeoutMs);
        if (ended > 0) log.warn({ ended }, 'stale tool jobs failed and refunded');
      },
    }),
    routes: async (app, { tools, translate, parseResults, commentary, ai, config }) => {
      await app.register(toolRoutes(tools, new StreamSlots(config.streams)));
      await app.register(translateRoutes(translate, () => ai.voices()));
      await app.register(parseRoutes(parseResults));
      await app.register(commentaryRoutes(commentary));
    },
  },
);
