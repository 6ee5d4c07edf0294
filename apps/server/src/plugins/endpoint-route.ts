/**
 * Routes from the endpoint table (ADR 0031): `route(app, entry, handler)` registers the entry's method and path with
 * its guard, schemas and envelope; the handler is typed by the entry (what it receives, what it returns). A route
 * registered any other way is refused at start-up, so the table, the server and the OpenAPI documents cannot drift.
 */
import {
  endpointKey,
  type EndpointBody,
  type EndpointGuard,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  type EndpointSpec,
} from '@cc/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { ok, okSchema } from './envelope.js';
import { zoneOfPath } from './route-zone.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry a route was registered from. */
    endpoint?: EndpointSpec;
  }
  interface FastifyInstance {
    /** The operator API's guard (sessions, API keys, `OPERATOR_TOKEN`; the entry's roles), for `operator` entries. */
    operatorGuard: (request: FastifyRequest) => Promise<void>;
  }
}

export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
  Headers: E['headers'] extends z.ZodType ? z.output<E['headers']> : unknown;
}>;

/** An envelope's body with a success text chosen at run time (`已提交` or `已更新`, say). */
export class Texted<T> {
  constructor(
    readonly body: T,
    readonly text: string,
  ) {}
}

type EnvelopeHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E> | Texted<EndpointResult<E>>>;
type RawHandler<E extends EndpointSpec> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<unknown>;

/** An envelope entry's handler returns the body; any other answer (a file, a stream, a redirect) uses the reply. */
export type EndpointHandler<E extends EndpointSpec> = E extends { answer: infer A }
  ? A extends 'envelope'
    ? EnvelopeHandler<E>
    : RawHandler<E>
  : EnvelopeHandler<E>;

/**
 * What a route adds to its entry: its own limits and error answers (Alipay's `failure`, say), or its own validator
 * (the open API checks its signature over the raw bytes before the body is read as the entry's schema).
 */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'errorHandler' | 'bodyLimit' | 'preHandler' | 'preValidation' | 'onSend' | 'logLevel' | 'validatorCompiler'
> & { onRequest?: onRequestHookHandler | onRequestHookHandler[]; config?: Record<string, unknown> };

function guardHook(app: FastifyInstance, guard: EndpointGuard): onRequestHookHandler | null {
  if (guard === 'creator') return app.authenticate as onRequestHookHandler;
  if (guard === 'operator') return app.operatorGuard as onRequestHookHandler;
  // `partner` and `alipay` requests are verified by their handlers against the signer's key; `local` by the zone.
  return null;
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  entry: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const guard = guardHook(app, entry.guard);
  const envelope = (entry.answer ?? 'envelope') === 'envelope';
  const { onRequest, config, ...rest } = extras;
  const run = handler as RawHandler<E>;
  app.route({
    ...rest,
    method: entry.method,
    url: entry.path,
    onRequest: [...(guard ? [guard] : []), ...asArray(onRequest)],
    config: { ...config, endpoint: entry },
    schema: {
      ...(entry.params && { params: entry.params }),
      ...(entry.query && { querystring: entry.query }),
      ...(entry.body && { body: entry.body }),
      ...(entry.headers && { headers: entry.headers }),
      ...(envelope && entry.response && { response: okSchema(entry.response) }),
    },
    handler: envelope
      ? async (request, reply) => {
          const result = await run(request as EndpointRequest<E>, reply);
          return result instanceof Texted ? ok(result.body, result.text) : ok(result, entry.successText ?? 'ok');
        }
      : (request, reply) => run(request as EndpointRequest<E>, reply),
  } as RouteOptions);
}

/** Guards that `route()` adds as a hook: an entry with one of these, registered any other way, would run unguarded. */
const HOOKED_GUARDS: ReadonlySet<EndpointGuard> = new Set(['creator', 'operator']);

/**
 * Refuses, at registration, any route that is not an entry of the table: registered another way, or an entry that
 * the table does not hold. Fastify's HEAD twins of GET routes pass, and so do the web build's own files
 * (`/index.html`, `/assets/x.js`), once `webBuildFollows` says that they come next. A plugin may serve an entry
 * (Scalar's page, the static media) only when the entry's guard is not a hook that `route()` would have added; and a
 * `local` entry must lie under `/dev/`, the zone whose requests the development guard keeps to this machine; and an
 * `operator` entry must name the roles allowed to call it.
 */
export function enforceEndpointTable(
  app: FastifyInstance,
  table: readonly EndpointSpec[],
): { webBuildFollows(): void } {
  const entries = new Map(table.map((entry) => [endpointKey(entry.method, entry.path), entry]));
  for (const [key, entry] of entries) {
    if (entry.guard === 'local' && zoneOfPath(entry.path) !== 'dev') {
      throw new Error(`entry ${key} is local but not under /dev/, where the development guard applies`);
    }
    if (entry.guard === 'operator' && !entry.roles?.length) {
      throw new Error(`entry ${key} is an operator entry without roles: say which operator roles may call it`);
    }
  }
  let webBuild = false;
  app.addHook('onRoute', (options) => {
    if (webBuild && WEB_FILE.test(options.url)) return;
    for (const method of asArray(options.method).map(String)) {
      const key = endpointKey(method, options.url);
      const entry = entries.get(key) ?? (method === 'HEAD' ? entries.get(endpointKey('GET', options.url)) : undefined);
      if (!entry) throw new Error(`route ${key} is not an entry of the endpoint table (packages/contracts, ADR 0031)`);
      if (HOOKED_GUARDS.has(entry.guard) && options.config?.endpoint !== entry) {
        throw new Error(`route ${key} is a ${entry.guard} entry registered without route(): its guard would not run`);
      }
    }
  });
  return {
    webBuildFollows: () => {
      webBuild = true;
    },
  };
}

/** A file of the web build: a path with an extension and no parameter. */
const WEB_FILE = /^\/[^:*]*\.[a-z0-9]+$/;
