/**
 * Application errors with stable codes from the contracts. Routes throw these; the envelope plugin turns them
 * into `{ code, msg, body }` with the matching HTTP status.
 */
import { ErrorCode, ErrorMessages } from '@cc/contracts';

type ErrorKey = keyof typeof ErrorMessages;

const HTTP_STATUS: Partial<Record<ErrorKey, number>> = {
  unauthorized: 401,
  validation: 400,
  vendorMissing: 400,
  vendorUnknown: 400,
  forbidden: 403,
  operatorUnauthorized: 401,
  taskNotFound: 404,
  receiptNotFound: 404,
  episodeNotFound: 404,
  applicationNotFound: 404,
  jobNotFound: 404,
  jobNotRetryable: 409,
  notFound: 404,
  routeNotFound: 404,
  payloadTooLarge: 413,
  rateLimited: 429,
  smsPerMinute: 429,
  smsPerHour: 429,
  smsPerDay: 429,
  smsPerIp: 429,
  internal: 500,
  smsSendFailed: 502,
  unavailable: 503,
};

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly key: ErrorKey,
    message: string = ErrorMessages[key],
    readonly statusCode: number = HTTP_STATUS[key] ?? 400,
  ) {
    super(message);
  }

  get code(): number {
    return ErrorCode[this.key];
  }
}

/** `appError('smsPerMinute')` or `appError('validation', '手机号不能为空')`. */
export function appError(key: ErrorKey, message?: string): AppError {
  return new AppError(key, message);
}
