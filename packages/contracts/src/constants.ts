/** Business constants. Both the server and the web app import them from here, never retype them. */

export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_LENGTH = 6;
export const PHONE_LENGTH = 11;
/** `source` of a login from the landing flow (`/ai`, `/gift`): 1 marks the creators the landing page brought. */
export const LOGIN_SOURCE = 1;
/** Invite codes are letters and digits, at most this long. */
export const INVITE_CODE_MAX_LENGTH = 32;

/** Lifetime and limits of an SMS verification code (server policy, shown to users in messages). */
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_ATTEMPTS = 5;

/**
 * Budget of one SMS purpose for one phone (README "SMS budgets"): after a code, the next code of the
 * same purpose waits `cooldownSeconds`; at most `perHour` in the last hour and `perDay` since Beijing midnight.
 * Purposes never share a budget, so money actions cannot use up the login codes.
 */
export interface SmsBudget {
  cooldownSeconds: number;
  perHour: number;
  perDay: number;
}

export const SMS_BUDGETS: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, SmsBudget>> = {
  1: { cooldownSeconds: 60, perHour: 5, perDay: 10 },
  2: { cooldownSeconds: 60, perHour: 3, perDay: 5 },
  3: { cooldownSeconds: 60, perHour: 5, perDay: 10 },
  4: { cooldownSeconds: 60, perHour: 5, perDay: 10 },
  5: { cooldownSeconds: 60, perHour: 5, perDay: 10 },
  6: { cooldownSeconds: 60, perHour: 3, perDay: 5 },
};

/** Codes of the money purposes (bank, Alipay, wallet, agreement) one phone may get per Beijing day, together. */
export const SMS_MONEY_LIMIT_PER_DAY = 20;

/**
 * A verified money code opens a money session of this length (ADR 0026): bound to the login session and the
 * device, it lets the same creator's next money actions go without another code.
 */
export const MONEY_SESSION_SECONDS = 10 * 60;
/** Header with the web app's device identifier (a random id kept in the browser), binding a money session. */
export const DEVICE_ID_HEADER = 'x-device-id';

export const THEME_COLOR = '#165DFF';
export const MODAL_DEFAULT_WIDTH = 620;
export const MOBILE_BREAKPOINT = 992;
export const RESIZE_THROTTLE_MS = 100;
export const TUTORIAL_PLAYER_SIZE = { width: 214, height: 122 } as const;

export const TOAST_THROTTLE_MS = 5000;
export const TOAST_DURATION_MS = 5000;

export const POINTS_PAGE_SIZE = 10;
export const POINTS_SCROLL_THROTTLE_MS = 800;
export const ORDER_POLL_MS = 5000;
export const QR_VALID_SECONDS = 5 * 60;
export const PAYMENT_WINDOW_SECONDS = 9 * 60 + 59;
export const RETENTION_OFFER_SECONDS = 59 * 60 + 59;
export const FREE_CLAIM_POINTS = 100;
/** Prices (yuan) of the packages that show the promotion countdown when one is running. */
export const PROMOTION_COUNTDOWN_PRICES: readonly number[] = [50, 100];
export const ORDER_QUANTITY = 1;
export const POINTS_VALID_DAYS = 365;

/** Session lifetime: opaque bearer tokens slide forward on use. */
export const SESSION_TTL_DAYS = 30;

export const PLAYER_DEFAULTS = {
  inactive: 3000,
  waitingDelay: 200,
  volume: 0.6,
  width: 600,
  height: 337.5,
  playbackRate: [2, 1.5, 1, 0.75, 0.5],
  promptHide: 3000,
  thumbnail: { width: 160, height: 90 },
  speedTest: { tries: 3, sizeKb: 200, stepSeconds: 3 },
  waitingJump: { waitSeconds: 15, sizeSeconds: 2, maxJumps: 4 },
  smallGapSeconds: 0.5,
} as const;

/** Withdrawal amounts (yuan): the minimum of a creator's first withdrawal, of later ones, and the maximum. */
export const WITHDRAW_MIN_FIRST_YUAN = 1;
export const WITHDRAW_MIN_YUAN = 1;
export const WITHDRAW_MAX_YUAN = 98000;

/** QR login: how long a QR is valid, and how often the desktop asks (two seconds feels immediate without a request
 * per frame). */
export const QR_LOGIN_TTL_SECONDS = 120;
export const QR_LOGIN_POLL_MS = 2000;
