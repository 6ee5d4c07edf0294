/**
 * `/ai/v1/media`: the library list, one item, rename/move/tag, delete, usage, folders, catalogue
 * episodes in one click, the tus upload endpoint (quota, expiry and termination decided by the service), and signed
 * file links with HTTP Range (`/ai/v1/files/...`).
 */
import { ErrorMessages, MEDIA_ID_HEADER, MEDIA_UPLOAD_PATH, mediaApi } from '@cc/contracts';
import { ERRORS, Server as TusServer, type ServerOptions } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../content-disposition.js';
import { AppError, appError } from '../../errors.js';
import { identityOf } from '../../plugins/auth.js';
import { route, Texted } from '../../plugins/endpoint-route.js';
import { hijackKeepingHeaders } from '../../plugins/security.js';
import { offsetOf, paged } from '../paging.js';
import type { StreamSlots } from '../../plugins/stream-slots.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import { tooLargeText, type MediaService, type UploadWrite } from './media.service.js';

/** Set by our route from the authenticated identity, never taken from the client (an incoming one is replaced). */
const AGENT_HEADER = 'x-cc-agent';

/** The tus steps: every method of the protocol on the upload address, with and without an upload id. */
const TUS_STEPS = [
  'uploadCreate',
  'uploadCreateHead',
  'uploadCreatePatch',
  'uploadCreateDelete',
  'uploadCreateOptions',
  'uploadPost',
  'uploadHead',
  'uploadPatch',
  'uploadDelete',
  'uploadOptions',
] as const satisfies readonly (keyof typeof mediaApi)[];

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

/** A stored file, whole or the part `Range` asks for (206), or 416 for a range outside it. */
export async function sendRange(
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  size: number,
  rangeHeader: string | undefined,
) {
  const range = parseRange(rangeHeader, size);
  if (range === 'invalid') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await storage.read(key, range));
  }
  reply.header('content-length', size);
  return reply.send(await storage.read(key));
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

/**
 * tus's own refusals, in the creator's language (the web app shows an answer's text only when it is Chinese).
 * Those the service decides are Chinese already.
 */
const TUS_REFUSALS_IN_CHINESE = new Map<string, string>([
  [ERRORS.FILE_NOT_FOUND.body, '上传记录不存在，请重新上传'],
  [ERRORS.FILE_NO_LONGER_EXISTS.body, '上传记录不存在，请重新上传'],
  [ERRORS.INVALID_OFFSET.body, '上传进度与服务器不一致，请重新选择文件继续上传'],
  [ERRORS.MISSING_OFFSET.body, '上传请求缺少 Upload-Offset，请使用最新版本重新上传'],
  [ERRORS.INVALID_CONTENT_TYPE.body, '上传请求的 Content-Type 不正确'],
  [ERRORS.INVALID_LENGTH.body, '上传请求缺少文件大小（Upload-Length）'],
  [ERRORS.INVALID_METADATA.body, '上传的文件信息（Upload-Metadata）格式不正确'],
  [ERRORS.ERR_SIZE_EXCEEDED.body, '上传的数据超出了文件大小，请重新上传'],
  [ERRORS.ERR_LOCK_TIMEOUT.body, '该文件正在另一处上传，请稍后再试'],
  [ERRORS.ABORTED.body, '上传已被新的请求接替'],
  [ERRORS.UNKNOWN_ERROR.body, '上传失败，请稍后重试'],
  [ERRORS.FILE_WRITE_ERROR.body, '上传失败，请稍后重试'],
  ['Tus-Resumable Required\n', '上传请求缺少 Tus-Resumable，请使用最新版本重新上传'],
]);

/** A refusal's text in Chinese: the table above, tus's header check (`Invalid <names>`), else unchanged. */
function inChinese(body: string): string {
  const invalidHeaders = /^Invalid ([\w -]+)\n?$/.exec(body);
  if (invalidHeaders) return `上传请求的 ${invalidHeaders[1]!.split(' ').join('、')} 不正确`;
  return TUS_REFUSALS_IN_CHINESE.get(body) ?? body;
}

/** tus writes every answer through `write`, its header check's included (no `onResponseError` for those). */
class ChineseTusServer extends TusServer {
  override write(...[context, headers, status, body]: Parameters<TusServer['write']>) {
    return super.write(context, headers, status, status >= 400 && body ? inChinese(body) : body);
  }
}

/** tus's view of a request (its hooks get this, not Fastify's request). */
type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

const agentOf = (req: TusRequest) => Number(req.headers.get(AGENT_HEADER));

const numberHeader = (req: TusRequest, name: string) => {
  const value = req.headers.get(name);
  return value === null ? null : Number.parseInt(value, 10);
};

/** What a creation or PATCH brings: a body is counted by its Content-Length (tus bodies are `offset+octet-stream`). */
const writeOf = (req: TusRequest): UploadWrite => ({
  length: numberHeader(req, 'upload-length'),
  offset: numberHeader(req, 'upload-offset') ?? 0,
  bodyBytes:
    req.headers.get('content-type') === 'application/offset+octet-stream' ? numberHeader(req, 'content-length') : 0,
});

/** The expiration extension's promise, on the answer tus is about to write (headers set now go out with it). */
function announceExpiry(req: TusRequest, expiresAt: number | null): void {
  if (expiresAt !== null) req.runtime?.node?.res?.setHeader('Upload-Expires', new Date(expiresAt).toUTCString());
}

/** A service refusal inside a tus hook becomes tus's answer: the error's HTTP status and its Chinese text. */
async function refusingAsTus<T>(decide: () => Promise<T>): Promise<T> {
  try {
    return await decide();
  } catch (error) {
    if (error instanceof AppError) throw { status_code: error.statusCode, body: error.message };
    throw error;
  }
}

export function mediaRoutes(
  media: MediaService,
  {
    maxFileBytes,
    corsOrigins,
    uploadWrites,
  }: { maxFileBytes: number; corsOrigins: readonly string[]; uploadWrites: StreamSlots },
): FastifyPluginAsyncZod {
  return async (app) => {
    // Built at the first upload request: its file store starts creating folders the moment it exists.
    let tus: TusServer | null = null;
    const tusServer = () =>
      (tus ??= new ChineseTusServer({
        path: MEDIA_UPLOAD_PATH,
        datastore: media.storage.uploads,
        relativeLocation: true,
        maxSize: maxFileBytes,
        // The API's CORS policy, not tus's default `*`.
        allowedOrigins: (origin) => corsOrigins.includes(origin),
        exposedHeaders: ['Upload-Expires', MEDIA_ID_HEADER],
        // A finished upload is a library item: it is deleted there (the service refuses first; this covers a
        // DELETE that raced the last PATCH).
        disableTerminationForFinishedUploads: true,
        // Upload ids carry their owner, so HEAD/PATCH/DELETE of another creator's upload is refused.
        namingFunction: (req) => `${req.headers.get(AGENT_HEADER)}-${crypto.randomUUID().replace(/-/g, '')}`,
        onIncomingRequest: async (req, uploadId) => {
          if (!uploadId.startsWith(`${req.headers.get(AGENT_HEADER)}-`)) {
            throw { status_code: 404, body: '上传记录不存在' };
          }
          // A creation is admitted in onUploadCreate, once tus has parsed it.
          if (req.method === 'POST') return;
          await refusingAsTus(async () => {
            if (req.method === 'DELETE') return media.terminateUpload(agentOf(req), uploadId);
            const expiresAt =
              req.method === 'PATCH'
                ? await media.admitUploadWrite(agentOf(req), uploadId, writeOf(req))
                : await media.uploadExpiry(uploadId);
            announceExpiry(req, expiresAt);
          });
        },
        onUploadCreate: async (req, upload) => {
          const write = { ...writeOf(req), length: upload.size ?? null, offset: 0 };
          const name = decodeMeta(upload.metadata?.filename);
          announceExpiry(req, await refusingAsTus(() => media.reserveUpload(agentOf(req), upload.id, write, name)));
          return {};
        },
        // tus's own refusals are in English; the creator reads Chinese.
        onResponseError: (_req, error) => {
          if (!('status_code' in error)) return undefined;
          if (error.body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body) {
            return { status_code: 413, body: tooLargeText(maxFileBytes) };
          }
          if (error.body === ERRORS.INVALID_TERMINATION.body) {
            return { status_code: 409, body: ErrorMessages.uploadCompleted };
          }
          return undefined;
        },
        onUploadFinish: async (req, upload) => {
          // Finished: nothing left to expire.
          req.runtime?.node?.res?.removeHeader('Upload-Expires');
          const mediaId = await media.uploadFinished(agentOf(req), {
            id: upload.id,
            size: upload.size ?? upload.offset,
            name: decodeMeta(upload.metadata?.filename),
            folder: decodeMeta(upload.metadata?.folder),
          });
          // The library item the upload became: the page follows it until it is ready (or failed).
          return { headers: { [MEDIA_ID_HEADER]: String(mediaId) } };
        },
      }));

    // tus bodies are streamed to storage as they come: Fastify must not read them.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    // Each step's guard comes from its entry (the OPTIONS preflight is anonymous): the agent header is the caller's.
    const handleTus = async (request: FastifyRequest, reply: FastifyReply) => {
      setAgentHeader(request.raw, request.method === 'OPTIONS' ? null : identityOf(request).agentId);
      // A body holds its socket and its upload for as long as the client sends it, however slowly: counted per
      // creator and IP, and refused over either cap as tus refusals are (plain Chinese text).
      // A PATCH, or a creation that carries bytes (creation-with-upload), whatever its content type says.
      const sendsBody =
        request.method === 'PATCH' ||
        (request.method === 'POST' &&
          (request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0));
      if (sendsBody) {
        try {
          reply.raw.once('close', uploadWrites.acquire(identityOf(request).agentId, request.ip));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return reply.code(error.statusCode).type('text/plain; charset=utf-8').send(error.message);
        }
      }
      await tusServer().handle(request.raw, hijackKeepingHeaders(reply));
    };
    for (const step of TUS_STEPS) route(app, mediaApi[step], handleTus);

    route(app, mediaApi.list, async (request) => {
      const { folder, tag, keyword, kind, type, status } = request.query;
      const { limit, offset } = offsetOf(request.query);
      const { data, total } = await media.page(
        identityOf(request).agentId,
        { folder, tag, keyword, kind, type, status },
        limit,
        offset,
      );
      return paged(data, total, request.query);
    });

    route(app, mediaApi.usage, async (request) => media.usage(identityOf(request).agentId));

    route(app, mediaApi.folders, async (request) => ({ data: await media.folders(identityOf(request).agentId) }));

    route(app, mediaApi.importEpisodes, async (request) => {
      const result = await media.importEpisodes(
        identityOf(request).agentId,
        request.body.serial_id,
        request.body.episode_ids,
      );
      return new Texted(result, result.added > 0 ? `已添加 ${result.added} 集到素材库` : '这些剧集已在素材库中');
    });

    route(app, mediaApi.one, async (request) => media.one(identityOf(request).agentId, request.params.id));

    route(app, mediaApi.update, async (request) =>
      media.update(identityOf(request).agentId, request.params.id, request.body),
    );

    route(app, mediaApi.remove, async (request) => {
      await media.delete(identityOf(request).agentId, request.params.id);
      return null;
    });

    /** Signed links: no bearer (a `<video>` cannot send one), the signature is the authority. */
    route(app, mediaApi.file, async (request, reply) => {
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
      return sendRange(reply, media.storage, key, size, request.headers.range);
    });
  };
}
