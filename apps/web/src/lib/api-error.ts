/** A failed API envelope as an Error, for TanStack Query, whose query functions report failure by throwing. */
import type { ApiResult } from './api-client';

export class ApiError extends Error {
  readonly code: number;
  /** The server's message, empty when it gave none so callers can pick their own fallback text. */
  readonly msg: string;

  constructor(code: number, msg: string) {
    super(msg || `API error ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
  }
}

/** The body of a successful result; throws `ApiError` otherwise. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!isSuccess(result)) throw new ApiError(result.code, result.msg);
  return result.body;
}

export function isSuccess<T>(result: ApiResult<T>): result is { code: 0; msg: string; body: T } {
  return result.code === 0;
}
