/**
 * Bodies fixed for the life of the process — the web build's index.html, the OpenAPI documents, the API reference's
 * script — sent with an ETag and, when the request accepts it, a compressed copy made at most once: a client holding
 * the copy gets an empty 304, and no request makes the server compress anything again.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings offered, in order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

interface Variant {
  body: Buffer;
  etag: string;
}

export interface FixedBody {
  identity: Variant;
  /** Each compressed copy, made (or read) on its first request and kept. */
  encoded: Partial<Record<Encoding, () => Promise<Variant>>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compressed once per process, so the better ratio is worth its time: brotli 9 makes the 4.9 MB reference script
 * 1.2 MB in under a second on zlib's thread pool (quality 11 takes twelve seconds for a tenth less).
 */
const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
/** A compressed copy's tag: its original's, marked with the encoding (the bytes follow from the original). */
const encodedTag = (identity: Variant, encoding: Encoding) => `${identity.etag.slice(0, -1)}-${encoding}"`;

/** A body with its copies given (a build's precompressed files, read when first asked for). */
export function fixedBodyOf(body: Buffer, copies: Partial<Record<Encoding, () => Promise<Buffer>>>): FixedBody {
  const identity = { body, etag: etagOf(body) };
  const encoded: FixedBody['encoded'] = {};
  for (const encoding of ENCODINGS) {
    const read = copies[encoding];
    if (read) encoded[encoding] = once(async () => ({ body: await read(), etag: encodedTag(identity, encoding) }));
  }
  return { identity, encoded };
}

/** A body whose compressed copies this process makes, each on its first request. */
export function compressedOnDemand(body: Buffer): FixedBody {
  return fixedBodyOf(body, { br: () => COMPRESS.br(body), gzip: () => COMPRESS.gzip(body) });
}

/**
 * Chooses the copy the request accepts and sets its headers; answers its bytes, or nothing with status 304 when the
 * request holds that copy already. `no-cache`: a client may keep it but asks again, so a deploy is seen at once.
 */
export async function fixedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  fixed: FixedBody,
  contentType: string,
): Promise<Buffer | ''> {
  const offered = ENCODINGS.filter((name) => fixed.encoded[name]);
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted && offered.length > 0 ? (negotiate(accepted, offered) as Encoding | null) : null;
  const chosen = encoding ? await fixed.encoded[encoding]!() : fixed.identity;
  reply
    .header('content-type', contentType)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', chosen.etag);
  const held = request.headers['if-none-match']?.split(',').map((tag) => tag.trim());
  if (held?.includes(chosen.etag)) {
    reply.code(304);
    return '';
  }
  if (encoding) reply.header('content-encoding', encoding);
  return chosen.body;
}
