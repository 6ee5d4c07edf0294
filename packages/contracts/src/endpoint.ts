/**
 * One declaration per HTTP endpoint (ADR 0031): method, path, who may call it, its inputs and answer as zod schemas,
 * the success text, the error codes it may answer, and the words of its reference page. The server registers its
 * routes from these entries, the web app calls through them, and the OpenAPI documents are generated from them.
 *
 * Each endpoint is its own named export (the web bundle keeps only those it calls); each domain also exports a table
 * of its endpoints that the server and the documents walk.
 */
import type { z } from 'zod';
import type { ErrorCode } from './errors.js';
import type { OperatorRole } from './operator/operator-roles.js';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/**
 * Who may call: `anonymous` anyone (the vendor header still applies under `/agent` and `/ai`), `creator` a logged-in
 * creator's bearer token, `operator` the operator token or an operator's session, `partner` a partner app's signed
 * request (checked by the handler against the app's key), `alipay` Alipay's signed notification, `local` development
 * routes for loopback callers only.
 */
export type EndpointGuard = 'anonymous' | 'creator' | 'operator' | 'partner' | 'alipay' | 'local';

/**
 * What a success answers: the `{ code, msg, body }` envelope (the default), or what OpenAPI describes in words only —
 * a file (with Range), an event stream (SSE), a redirect, an HTML page, plain text, an image, a JSON document
 * outside the envelope (the OpenAPI documents), or a tus upload step.
 */
export type EndpointAnswer = 'envelope' | 'file' | 'events' | 'redirect' | 'page' | 'text' | 'image' | 'json' | 'tus';

export type ErrorCodeName = Exclude<keyof typeof ErrorCode, 'ok' | 'noResponse'>;

export interface EndpointSpec {
  readonly method: EndpointMethod;
  /** Fastify's form: `/ai/v1/media/:id`. */
  readonly path: `/${string}`;
  readonly guard: EndpointGuard;
  /** For `operator` entries: the roles allowed to call it (`opsAccess`); every operator entry names them. */
  readonly roles?: readonly OperatorRole[];
  /** One line for the reference, in Chinese as the product speaks. */
  readonly summary: string;
  readonly description?: string;
  /** The reference's section. */
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads and validates (an idempotency key), beside the ones every call carries. */
  readonly headers?: z.ZodType;
  /** The body is also accepted as an `application/x-www-form-urlencoded` form. */
  readonly formBody?: true;
  /** The envelope's `body` on success (envelope answers only). */
  readonly response?: z.ZodType;
  readonly answer?: EndpointAnswer;
  /** The envelope's `msg` on success, when it is not `ok`. */
  readonly successText?: string;
  /** The codes this endpoint answers besides the ones every endpoint of its guard may (validation, auth, limits). */
  readonly errors?: readonly ErrorCodeName[];
  /** A request that works as it stands, for the reference (partner endpoints). */
  readonly example?: { readonly query?: unknown; readonly body?: unknown };
}

/** Declares an endpoint, keeping its literal types (path, guard, schemas) for both sides. */
export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
/**
 * What a caller sends: the schema's input, except that a coerced field (`z.coerce.number()`, whose input zod types as
 * `unknown`) takes the value it becomes, and is required when that value is (optional when it may be `undefined`).
 */
type Coerced<I, O, K extends keyof I> = unknown extends I[K] ? (K extends keyof O ? K : never) : never;
type Sent<I, O> = I extends object
  ? O extends object
    ? { [K in keyof I as unknown extends I[K] ? never : K]: I[K] } & {
        [K in keyof I as undefined extends O[Coerced<I, O, K>] ? never : Coerced<I, O, K>]-?: O[Coerced<I, O, K>];
      } & {
        [K in keyof I as undefined extends O[Coerced<I, O, K>] ? Coerced<I, O, K> : never]?: O[Coerced<I, O, K>];
      }
    : I
  : I;
type In<T> = T extends z.ZodType ? Sent<z.input<T>, z.output<T>> : undefined;

/** What the server's handler receives, after validation. */
export type EndpointParams<E extends EndpointSpec> = Out<E['params']>;
export type EndpointQuery<E extends EndpointSpec> = Out<E['query']>;
export type EndpointBody<E extends EndpointSpec> = Out<E['body']>;
/** What a caller sends. */
export type EndpointParamsInput<E extends EndpointSpec> = In<E['params']>;
export type EndpointQueryInput<E extends EndpointSpec> = In<E['query']>;
export type EndpointBodyInput<E extends EndpointSpec> = In<E['body']>;
/** The envelope's body on success: what the handler returns before serialisation, and what the caller reads. */
export type EndpointResult<E extends EndpointSpec> = E['response'] extends z.ZodType ? z.input<E['response']> : never;
export type EndpointResponse<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : never;

/** `/a/:id/b` with `{ id: 7 }` → `/a/7/b`, each value encoded as one path segment. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The key of an endpoint in route listings: `GET /agent/v1/user/info`. */
export function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
