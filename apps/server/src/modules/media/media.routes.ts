/**
 * `/ai/v1/media` (issue 9 §2): the library list, one item, rename/move/tag, delete, usage, folders, catalogue
 * episodes in one click, the tus upload endpoint, and signed file links with HTTP Range (`/ai/v1/files/...`).
 */
import {
  MEDIA_UPLOAD_PATH,
  importEpisodesResultSchema,
  importEpisodesSchema,
  mediaFoldersSchema,
  mediaIdParamsSchema,
  mediaListQuerySchema,
  mediaSchema,
  mediaUpdateSchema,
  mediaUsageSchema,
  pagedSchema,
} from '@cc/contracts';
import { Server as TusServer } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../content-disposition.js';
import { appError } from '../../errors.js';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { offsetOf, paged } from '../paging.js';
import { FILE_VARIANTS, tooLargeText, type MediaService } from './media.service.js';

/** Set by our route from the authenticated identity, never taken from the client (an incoming one is replaced). */
const AGENT_HEADER = 'x-cc-agent';

const fileParams = z.object({
  id: z.coerce.number().int().positive(),
  variant: z.enum(FILE_VARIANTS),
});
const fileQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().max(64) });

/** Parses `Range: bytes=a-b` against a size: the range, `null` for none, or 'invalid' (answer 416). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

const decodeMeta = (value: string | null | undefined) => value ?? '';

/** Replaces the agent header of a raw request (tus reads `rawHeaders`), dropping any the client sent. */
function setAgentHeader(raw: FastifyRequest['raw'], agentId: number | null): void {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]!.toLowerCase() !== AGENT_HEADER) kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  }
  delete raw.headers[AGENT_HEADER];
  if (agentId !== null) {
    kept.push(AGENT_HEADER, String(agentId));
    raw.headers[AGENT_HEADER] = String(agentId);
  }
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
}

export function mediaRoutes(media: MediaService, { maxFileBytes }: { maxFileBytes: number }): FastifyPluginAsyncZod {
  return async (app) => {
    // Built at the first upload request: its file store starts creating folders the moment it exists.
    let tus: TusServer | null = null;
    const tusServer = () =>
      (tus ??= new TusServer({
        path: MEDIA_UPLOAD_PATH,
        datastore: media.storage.uploads,
        relativeLocation: true,
        maxSize: maxFileBytes,
        // Upload ids carry their owner, so HEAD/PATCH/DELETE of another creator's upload is refused.
        namingFunction: (req) => `${req.headers.get(AGENT_HEADER)}-${crypto.randomUUID().replace(/-/g, '')}`,
        onIncomingRequest: async (req, uploadId) => {
          if (!uploadId.startsWith(`${req.headers.get(AGENT_HEADER)}-`)) {
            throw { status_code: 404, body: '上传记录不存在' };
          }
        },
        onUploadCreate: async (req, upload) => {
          const refusal = await media.uploadRefusal(Number(req.headers.get(AGENT_HEADER)), upload.size);
          if (refusal) throw { status_code: 413, body: refusal };
          return {};
        },
        // tus's own refusals are in English; the creator reads Chinese.
        onResponseError: (_req, error) =>
          'status_code' in error && error.status_code === 413
            ? {
                status_code: 413,
                body: error.body.startsWith('Maximum size') ? tooLargeText(maxFileBytes) : error.body,
              }
            : undefined,
        onUploadFinish: async (req, upload) => {
          await media.uploadFinished(Number(req.headers.get(AGENT_HEADER)), {
            id: upload.id,
            size: upload.size ?? upload.offset,
            name: decodeMeta(upload.metadata?.filename),
            folder: decodeMeta(upload.metadata?.folder),
          });
          return {};
        },
      }));

    // tus bodies are streamed to storage as they come: Fastify must not read them.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handleTus = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'OPTIONS') await app.authenticate(request);
      setAgentHeader(request.raw, request.method === 'OPTIONS' ? null : identityOf(request).agentId);
      reply.hijack();
      await tusServer().handle(request.raw, reply.raw);
    };
    for (const url of [MEDIA_UPLOAD_PATH, `${MEDIA_UPLOAD_PATH}/:uploadId`]) {
      app.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url, handler: handleTus });
    }

    app.get(
      '/ai/v1/media',
      {
        onRequest: app.authenticate,
        schema: { querystring: mediaListQuerySchema, response: okSchema(pagedSchema(mediaSchema)) },
      },
      async (request) => {
        const { folder, tag, keyword, kind, status } = request.query;
        const { limit, offset } = offsetOf(request.query);
        const { data, total } = await media.page(
          identityOf(request).agentId,
          { folder, tag, keyword, kind, status },
          limit,
          offset,
        );
        return ok(paged(data, total, request.query));
      },
    );

    app.get(
      '/ai/v1/media/usage',
      { onRequest: app.authenticate, schema: { response: okSchema(mediaUsageSchema) } },
      async (request) => ok(await media.usage(identityOf(request).agentId)),
    );

    app.get(
      '/ai/v1/media/folders',
      { onRequest: app.authenticate, schema: { response: okSchema(mediaFoldersSchema) } },
      async (request) => ok({ data: await media.folders(identityOf(request).agentId) }),
    );

    app.post(
      '/ai/v1/media/import-episodes',
      {
        onRequest: app.authenticate,
        schema: { body: importEpisodesSchema, response: okSchema(importEpisodesResultSchema) },
      },
      async (request) => {
        const result = await media.importEpisodes(
          identityOf(request).agentId,
          request.body.serial_id,
          request.body.episode_ids,
        );
        return ok(result, result.added > 0 ? `已添加 ${result.added} 集到素材库` : '这些剧集已在素材库中');
      },
    );

    app.get(
      '/ai/v1/media/:id',
      { onRequest: app.authenticate, schema: { params: mediaIdParamsSchema, response: okSchema(mediaSchema) } },
      async (request) => ok(await media.one(identityOf(request).agentId, request.params.id)),
    );

    app.post(
      '/ai/v1/media/:id/update',
      {
        onRequest: app.authenticate,
        schema: { params: mediaIdParamsSchema, body: mediaUpdateSchema, response: okSchema(mediaSchema) },
      },
      async (request) => ok(await media.update(identityOf(request).agentId, request.params.id, request.body), '已保存'),
    );

    app.post(
      '/ai/v1/media/:id/delete',
      { onRequest: app.authenticate, schema: { params: mediaIdParamsSchema, response: okSchema(z.null()) } },
      async (request) => {
        await media.delete(identityOf(request).agentId, request.params.id);
        return ok(null, '已删除');
      },
    );

    /** Signed links: no bearer (a `<video>` cannot send one), the signature is the authority. */
    app.get(
      '/ai/v1/files/:id/:variant',
      { schema: { params: fileParams, querystring: fileQuery } },
      async (request, reply) => {
        const { id, variant } = request.params;
        if (!media.verifyLink(id, variant, request.query.exp, request.query.sig)) throw appError('mediaLinkInvalid');
        const { row, key, contentType } = await media.fileOf(id, variant);
        const size = await media.storage.size(key);
        if (size === null) throw appError('mediaNotFound');
        reply
          .header('accept-ranges', 'bytes')
          .header('content-type', contentType)
          .header('cache-control', 'private, max-age=3600');
        if (variant === 'download') reply.header('content-disposition', contentDisposition(row.name));
        const range = parseRange(request.headers.range, size);
        if (range === 'invalid') {
          return reply.code(416).header('content-range', `bytes */${size}`).send();
        }
        if (range) {
          reply
            .code(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
            .header('content-length', range.end - range.start + 1);
          return reply.send(await media.storage.read(key, range));
        }
        reply.header('content-length', size);
        return reply.send(await media.storage.read(key));
      },
    );
  };
}
