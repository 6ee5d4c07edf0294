/** HTTP client of the product and AI APIs: every call resolves to the `{ code, msg, body }` envelope, never throws. */
import {
  DEVICE_ID_HEADER,
  ErrorCode,
  fillPath,
  type EndpointBodyInput,
  type EndpointParamsInput,
  type EndpointQueryInput,
  type EndpointResponse,
  type EndpointSpec,
  type Envelope,
} from '@cc/contracts';
import { deviceId } from './device-id';
import { expireSession } from './session/session';
import { getToken } from './session/token';

export type HttpMethod = EndpointSpec['method'];
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as an `application/x-www-form-urlencoded` form instead of JSON (task/active takes a form). */
  form?: Record<string, string | number>;
  signal?: AbortSignal;
  /** Extra headers (an `idempotency-key` for a run that must not be charged twice). */
  headers?: Record<string, string>;
}

/** A failure carries no body; `msg` is the server's text or empty, so each caller picks its own fallback. */
export type ApiResult<T> = Envelope<T> | Envelope<null>;

const VENDOR = import.meta.env.VITE_VENDOR ?? 'default';
const API_BASE = import.meta.env.VITE_API_BASE ?? '';
const AI_API_BASE = import.meta.env.VITE_AI_API_BASE ?? '';
const AI_PATH_PREFIX = '/ai/v1';

/** The address of an API path on its host (the AI host for `/ai/v1`), for streams and uploads made by hand. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  return urlOf(path, query);
}

/** The vendor and authorization headers every call carries, for streams and uploads made by hand. */
export function authorizedHeaders(): Record<string, string> {
  return Object.fromEntries(headersFor().entries());
}

function urlOf(path: string, query: RequestOptions['query']): string {
  const base = path.startsWith(AI_PATH_PREFIX) ? AI_API_BASE : API_BASE;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

function headersFor(contentType?: string): Headers {
  const headers = new Headers({ vendor: VENDOR, [DEVICE_ID_HEADER]: deviceId() });
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (contentType) headers.set('content-type', contentType);
  return headers;
}

/** The wire form of the request body and its content type; none for a bodiless call. */
function encodeBody(options: RequestOptions): { body?: string; contentType?: string } {
  if (options.form) {
    const form = new URLSearchParams(Object.entries(options.form).map(([key, value]) => [key, String(value)]));
    return { body: form.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  if (options.body !== undefined) return { body: JSON.stringify(options.body), contentType: 'application/json' };
  return {};
}

function failure(code: number): Envelope<null> {
  return { code, msg: '', body: null };
}

/** Anything without a numeric `code` (an HTML error page, an empty body) is treated as no response at all. */
function toEnvelope(payload: unknown): ApiResult<unknown> {
  if (typeof payload !== 'object' || payload === null) return failure(ErrorCode.noResponse);
  const { code, msg, body } = payload as Partial<Envelope<unknown>>;
  if (typeof code !== 'number') return failure(ErrorCode.noResponse);
  return { code, msg: typeof msg === 'string' ? msg : '', body: body ?? null };
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const { body, contentType } = encodeBody(options);
  let response: Response;
  try {
    const headers = headersFor(contentType);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    response = await fetch(urlOf(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch {
    return failure(ErrorCode.noResponse);
  }
  return readEnvelope<T>(response);
}

type Field<Name extends string, T> = [T] extends [undefined] ? { [K in Name]?: never } : { [K in Name]: T };

/** What a call of `E` sends: its path parameters, query and body as the endpoint's schemas take them. */
export type CallInput<E extends EndpointSpec> = Field<'params', EndpointParamsInput<E>> &
  Field<'query', EndpointQueryInput<E>> &
  Field<'body', EndpointBodyInput<E>> &
  Pick<RequestOptions, 'signal' | 'headers'> & {
    /** Send the body as a form (endpoints that take one, `formBody`). */
    asForm?: boolean;
  };

/**
 * Calls an endpoint of the table (ADR 0031): the path, method and input types come from its entry, and the answer's
 * body type is the one its response schema declares — no caller states what comes back.
 */
export function call<E extends EndpointSpec>(
  endpoint: E,
  ...[input]: [EndpointParamsInput<E>, EndpointQueryInput<E>, EndpointBodyInput<E>] extends [
    undefined,
    undefined,
    undefined,
  ]
    ? [CallInput<E>?]
    : [CallInput<E>]
): Promise<ApiResult<EndpointResponse<E>>> {
  const given = (input ?? {}) as CallInput<EndpointSpec> & {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  const path = fillPath(endpoint.path, given.params);
  const options: RequestOptions = { query: given.query, signal: given.signal, headers: given.headers };
  if (given.asForm) options.form = given.body as Record<string, string | number>;
  else options.body = given.body;
  return request<EndpointResponse<E>>(endpoint.method, path, options);
}

async function readEnvelope<T>(response: Response): Promise<ApiResult<T>> {
  const payload: unknown = await response.json().catch(() => null);
  const result = toEnvelope(payload);
  if (response.status === 401 || result.code === ErrorCode.unauthorized) {
    expireSession();
    return { code: ErrorCode.unauthorized, msg: result.msg, body: null };
  }
  // The envelope is the server's word for this path; its body type is the caller's contract with that path.
  return result as ApiResult<T>;
}

/** A downloaded file: its bytes and the raw Content-Disposition header that names it. */
export interface DownloadedFile {
  blob: Blob;
  contentDisposition: string | null;
}

/**
 * GET of a file behind login (an episode download): sent with the same headers as every API call. A 2xx answer is
 * the file; anything else is the usual envelope, so the caller shows its `msg`.
 */
export async function requestFile(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<Envelope<DownloadedFile> | Envelope<null>> {
  let response: Response;
  try {
    response = await fetch(urlOf(path, options.query), { headers: headersFor(), signal: options.signal });
  } catch {
    return failure(ErrorCode.noResponse);
  }
  if (!response.ok) return readEnvelope<null>(response);
  try {
    const blob = await response.blob();
    return {
      code: ErrorCode.ok,
      msg: '',
      body: { blob, contentDisposition: response.headers.get('content-disposition') },
    };
  } catch {
    // The connection dropped halfway through the file.
    return failure(ErrorCode.noResponse);
  }
}
