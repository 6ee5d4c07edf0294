/**
 * Application errors with stable codes from the contracts. Routes throw these; the envelope plugin turns them
 * into `{ code, msg, body }` with the matching HTTP status.
 */
import { ErrorCode, ErrorMessages } from '@cc/contracts';

export type ErrorKey = keyof typeof ErrorMessages;

const HTTP_STATUS: Partial<Record<ErrorKey, number>> = {
  unauthorized: 401,
  validation: 400,
  vendorMissing: 400,
  vendorUnknown: 400,
  forbidden: 403,
  devRoutesLocalOnly: 403,
  operatorUnauthorized: 401,
  operatorForbidden: 403,
  operatorLoginFailed: 401,
  operatorTotpInvalid: 401,
  operatorLocked: 423,
  operatorDisabled: 403,
  operatorUsernameTaken: 409,
  operatorNotFound: 404,
  apiKeyNotFound: 404,
  openAppKeyUnknown: 401,
  openTimestampInvalid: 401,
  openSignatureInvalid: 401,
  openRefundExceeds: 409,
  openOrderConflict: 409,
  openBodyNotJson: 415,
  heldOrderNotFound: 404,
  heldOrderDecided: 409,
  openAppNotFound: 404,
  bonusAgentNotFound: 404,
  taskNotFound: 404,
  receiptNotFound: 404,
  episodeNotFound: 404,
  serialNotFound: 404,
  applicationNotFound: 404,
  refundNotFound: 404,
  orderNotFound: 404,
  posterNotFound: 404,
  helpTemplateNotFound: 404,
  jobNotFound: 404,
  toolJobNotFound: 404,
  toolJobNotCancellable: 409,
  toolRequestKeyReused: 409,
  mediaNotFound: 404,
  mediaTooLarge: 413,
  subtitleFileTooLarge: 413,
  audioFileTooLarge: 413,
  musicTrackNotFound: 404,
  mediaQuotaExceeded: 413,
  mediaInUse: 409,
  mediaLinkInvalid: 403,
  uploadExpired: 410,
  uploadCompleted: 409,
  uploadLengthRequired: 411,
  jobNotRetryable: 409,
  withdrawalNotFound: 404,
  withdrawalBadTransition: 409,
  withdrawalPayoutUnresolved: 409,
  withdrawalPayoutFailed: 502,
  bankBatchNotFound: 404,
  bankBatchEmpty: 409,
  bankBatchRowMissing: 404,
  bankBatchDecisionConflict: 409,
  qrLoginNotFound: 404,
  qrLoginExpired: 410,
  qrLoginUsed: 409,
  qrLoginForeign: 403,
  channelNotFound: 404,
  channelTaken: 409,
  channelDuplicate: 409,
  channelNotPending: 409,
  channelLimit: 409,
  operateItemNotFound: 404,
  operateCalendarFull: 409,
  operateTaskNotFound: 404,
  channelNotRejected: 409,
  imageTooLarge: 413,
  imageTooManyPixels: 413,
  imageUploadsPerHour: 429,
  imageSpaceFull: 413,
  streamLimit: 429,
  uploadWritesLimit: 429,
  uriTooLong: 414,
  headersTooLarge: 431,
  notFound: 404,
  routeNotFound: 404,
  payloadTooLarge: 413,
  rateLimited: 429,
  smsPerMinute: 429,
  smsPerHour: 429,
  smsPerDay: 429,
  smsPerIp: 429,
  smsMoneyPerDay: 429,
  smsPerIpPerDay: 429,
  internal: 500,
  smsSendFailed: 502,
  // The payment provider failed or could not be reached: an upstream failure, not the client's fault.
  paymentUnavailable: 502,
  unavailable: 503,
};

export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  constructor(
    readonly key: ErrorKey,
    message?: string,
  ) {
    super(message ?? ErrorMessages[key]);
    this.statusCode = HTTP_STATUS[key] ?? 400;
  }

  get code(): number {
    return ErrorCode[this.key];
  }
}

/**
 * `appError('smsPerMinute')`: every error is one of the catalogue's, with its stable code and its own message — or a
 * more precise one naming the figure at hand (`提现金额不能低于1.00元`).
 */
export function appError(key: ErrorKey, message?: string): AppError {
  return new AppError(key, message);
}
