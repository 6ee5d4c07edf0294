/** `/ai/v1` calls of 字幕翻译: the subtitle list for review, the creator's glossary, and the dubbing voices. */
import { toolApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../../plugins/auth.js';
import { route } from '../../../plugins/endpoint-route.js';
import type { Voice } from '../../../providers/ai/builtin-voice.js';
import type { TranslateService } from './translate.service.js';

export function translateRoutes(translate: TranslateService, voices: () => Voice[]): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, toolApi.translateSubtitles, async (request) =>
      translate.subtitles(identityOf(request).agentId, request.body),
    );

    route(app, toolApi.glossary, async (request) => translate.glossary(identityOf(request).agentId));

    route(app, toolApi.saveGlossary, async (request) =>
      translate.saveGlossary(identityOf(request).agentId, request.body),
    );

    route(app, toolApi.voices, async () => ({ data: voices() }));
  };
}
