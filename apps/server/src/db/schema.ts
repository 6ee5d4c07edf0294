/**
 * Table types for Kysely. Times are epoch milliseconds (INTEGER on SQLite, BIGINT on PostgreSQL) so both
 * databases run the same queries; money is integer fen; rates are basis points (7000 = 70%). Status and type
 * columns carry the contracts' enums, so a query or insert with a value outside them does not compile.
 */
import type {
  ApplicationStatus,
  OperatorRole,
  JobStatus,
  CreditRecordType,
  ListingStatus,
  OrderStatus,
  OrderType,
  OutStatus,
  PackageType,
  PayType,
  PayChannel,
  PayeeType,
  RefundStatus,
  Platform,
  SettStatus,
  ShareType,
  SmsType,
  TaskType,
  TradeState,
  ToolJobStatus,
  MediaKind,
  MediaType,
  MusicStyle,
  MediaStatus,
  ReportStatus,
} from '@cc/contracts';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface AgentTable {
  id: Generated<number>;
  phone: string;
  nickname: string;
  avatar_url: string;
  real_name: string;
  id_card_number: string;
  alipay_id: string;
  agent_mode: Generated<number>;
  sign_status: Generated<number>;
  sign_phone: string;
  bank_card_number: string;
  bank_name: string;
  signed_at: number | null;
  invite_code: string;
  share_rate_bp: Generated<number>;
  leader_id: number | null;
  team_at: number | null;
  team_share_rate_bp: Generated<number>;
  /** Members whose `leader_id` is this agent, kept as they register (migration 20261125170000). */
  team_size: Generated<number>;
  commander_code: string;
  open_reelshort: Generated<number>;
  vendor: string;
  channel_from: string | null;
  source: number | null;
  cq: string | null;
  created_at: number;
  updated_at: number;
  /** The ID number, AES-256-GCM (data-cipher.ts); `id_card_number` stays empty. */
  id_card_enc: Generated<string>;
  /** Keyed hash of the ID number, for look-ups. */
  id_card_hash: Generated<string>;
  /** Display form: 3301**********1234. */
  id_card_mask: Generated<string>;
}

/** A creator's bank card (type 1) or Alipay account (type 2); numbers only encrypted, hashed and masked. */
export interface PayeeAccountTable {
  id: Generated<number>;
  agent_id: number;
  type: PayeeType;
  real_name: string;
  id_card_enc: string;
  id_card_hash: string;
  bank_name: Generated<string>;
  account_enc: string;
  account_hash: string;
  account_mask: string;
  reserve_phone_enc: Generated<string>;
  reserve_phone_mask: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** One signature of one version of the service agreement (the e-sign provider's reference kept). */
export interface ContractSignatureTable {
  id: Generated<number>;
  agent_id: number;
  version: string;
  content_hash: string;
  provider: string;
  provider_ref: string;
  sign_phone: string;
  real_name: Generated<string>;
  ip: Generated<string>;
  signed_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  agent_id: number;
  vendor: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  type: SmsType;
  code_hash: string;
  attempts: Generated<number>;
  ip: string;
  vendor: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** A login session's money session (ADR 0026): open until `expires_at` for this device only. */
export interface MoneySessionTable {
  session_id: number;
  agent_id: number;
  device_id: string;
  opened_at: number;
  expires_at: number;
}

export interface AppTable {
  id: Generated<number>;
  name: string;
  icon_url: string;
  platform: string;
  landing_url: string;
  deep_link_pattern: string;
  sort: number;
  status: ListingStatus;
  created_at: number;
}

export interface SerialTable {
  id: Generated<number>;
  task_type: TaskType;
  app_id: number;
  name: string;
  cover_url: string;
  intro: string;
  tags: string;
  channel: string;
  episode_count: number;
  publish_at: number;
  total_income_fen: number;
  created_at: number;
}

export interface TaskTable {
  id: Generated<number>;
  task_type: TaskType;
  app_id: number;
  serial_id: number;
  title: string;
  share_rate_bp: number;
  tutorial_video_url: string;
  tutorial_short_url: string;
  open_at: number;
  close_at: number | null;
  status: ListingStatus;
  created_at: number;
}

export interface BannerTable {
  id: Generated<number>;
  platform: number;
  title: string;
  image_url: string;
  link_url: string;
  sort: number;
  status: ListingStatus;
  created_at: number;
}

export interface PosterTable {
  id: Generated<number>;
  title: string;
  image_url: string;
  description: string;
  status: ListingStatus;
  created_at: number;
}

export interface TemplateTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: string;
  updated_at: number;
}

export interface EpisodeTable {
  id: Generated<number>;
  serial_id: number;
  number: number;
  title: string;
  duration_ms: number;
  media_path: string;
  poster_path: string;
  size_bytes: number;
  created_at: number;
}

export interface TaskReceiptTable {
  id: Generated<number>;
  agent_id: number;
  task_id: number;
  code: string;
  click_count: Generated<number>;
  created_at: number;
  actived_at: number | null;
  /** The agent's own share orders of this receipt, kept as they are written: recharges counted, refunds subtracted. */
  order_count: Generated<number>;
  order_fen: Generated<number>;
  ad_fen: Generated<number>;
  share_fen: Generated<number>;
}

export interface PromotionClickTable {
  id: Generated<number>;
  receipt_id: number;
  visitor_hash: string;
  /** HMAC of the visitor's IP alone ('' on clicks recorded before it was kept), for the per-IP cap. */
  ip_hash: Generated<string>;
  referrer: string;
  counted: number;
  created_at: number;
}

/**
 * A creator's income figures per Beijing day, task type (0: none), app (0: none), share type and settlement status,
 * kept as shares are written and settled (`share-rollup.ts`). Amounts in fen, refunds negative.
 */
/** A creator's figures over their active tasks of one type, kept as they change (`task-figures.ts`). */
export interface AgentTaskFiguresTable {
  agent_id: number;
  task_type: number;
  active_tasks: number;
  click_count: number;
  order_count: number;
  share_fen: number;
}

export interface ShareDailyFiguresTable {
  agent_id: number;
  day: number;
  task_type: number;
  app_id: number;
  share_type: number;
  sett_status: number;
  share_rows: number;
  order_count: number;
  refund_count: number;
  order_fen: number;
  share_fen: number;
}

export interface ShareOrderTable {
  id: Generated<number>;
  order_no: string;
  agent_id: number;
  receipt_id: number | null;
  task_id: number | null;
  serial_id: number | null;
  app_id: number | null;
  share_type: Generated<ShareType>;
  order_type: Generated<OrderType>;
  platform: Generated<number>;
  order_amount_fen: number;
  ad_amount_fen: number;
  share_amount_fen: number;
  sett_status: Generated<SettStatus>;
  expected_sett_date: string | null;
  order_at: number;
  created_at: number;
  /** The reported order this share comes from (null for a bonus). */
  open_order_id: number | null;
  /** The app's own order id, for display. */
  order_id: Generated<string>;
  /** The agent whose promotion code brought the order (the earner of share_type 1). */
  attract_agent_id: number | null;
  /** The rate applied, snapshotted (basis points; 0 for a bonus). */
  rate_bp: Generated<number>;
  /** The share row a refund row reverses. */
  reverses_id: number | null;
  /** Why an operator granted a bonus. */
  reason: Generated<string>;
  /** When the share becomes due for settlement (epoch ms); `expected_sett_date` is its Asia/Shanghai date. */
  expected_sett_at: Generated<number>;
  sett_run_id: string | null;
  settled_at: number | null;
}

/** A partner app's open API credentials; the secret is AES-256-GCM encrypted (ADR 0012). */
export interface PartnerAppTable {
  app_id: number;
  app_key: string;
  secret_enc: string;
  created_at: number;
  rotated_at: number | null;
  /** Sanity limits on reported orders (`/ops/v1/apps/{id}/limits`). */
  max_amount_fen: Generated<number>;
  max_age_days: Generated<number>;
  future_skew_seconds: Generated<number>;
}

/**
 * 'attributed': its shares exist; 'unattributed': its code matched nothing (a refund: its recharge has no shares
 * yet); 'held': kept for an operator (too old, over the app's cap); 'rejected': an operator refused it.
 */
export type Attribution = 'attributed' | 'unattributed' | 'held' | 'rejected';
export type HeldReason = 'no_code' | 'too_old' | 'over_cap';

/** Orders the apps report (`POST /open/v1/orders`, CSV import), one per (app, order_id). */
export interface OpenOrderTable {
  id: Generated<number>;
  app_id: number;
  order_id: string;
  code: string;
  order_type: OrderType;
  amount_fen: number;
  order_at: number;
  refund_of: string | null;
  attribution: Attribution;
  receipt_id: number | null;
  agent_id: number | null;
  source: 'api' | 'csv';
  created_at: number;
  /** Why the order waits (or waited) for an operator; null for one that never did. */
  held_reason: HeldReason | null;
}

/** An operator's decision on a held or unattributed order, kept forever. */
export interface OpenOrderDecisionTable {
  id: Generated<number>;
  open_order_id: number;
  decision: 'attributed' | 'rejected';
  /** The promotion code it was attributed to. */
  code: string | null;
  agent_id: number | null;
  operator: string;
  reason: string;
  created_at: number;
}

export interface SettlementRunTable {
  id: string;
  settled_count: number;
  amount_fen: number;
  created_at: number;
}

export interface AgentApplicationTable {
  id: Generated<number>;
  agent_id: number;
  real_name: string;
  phone: string;
  platform: Platform;
  channel_link: string;
  follower_range: string;
  experience: string;
  status: ApplicationStatus;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
  dialog_seen_at: number | null;
}

export interface CreditAccountTable {
  agent_id: number;
  total: Generated<number>;
  buy: Generated<number>;
  gift: Generated<number>;
  updated_at: number;
}

/** How many ledger rows a creator has of a type, kept as rows are written (the points detail page's total). */
export interface CreditLedgerCountTable {
  agent_id: number;
  type: number;
  row_count: number;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  agent_id: number;
  type: CreditRecordType;
  title: string;
  credit: number;
  idempotency_key: string;
  created_at: number;
}

export interface CreditGrantTable {
  id: Generated<number>;
  agent_id: number;
  ledger_id: number;
  /** 2 purchase, 3 gift. */
  kind: CreditRecordType;
  amount: number;
  remaining: number;
  granted_at: number;
  expires_at: number;
}

export interface CreditAllocationTable {
  id: Generated<number>;
  ledger_id: number;
  grant_id: number;
  amount: number;
}

export interface CreditPackageTable {
  id: Generated<number>;
  name: string;
  type: PackageType;
  status: ListingStatus;
  price_fen: number;
  discount: number;
  discount_price_fen: number | null;
  credit: number;
  gift_credit: number;
  start_at: number | null;
  end_at: number | null;
  description: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface CreditPromotionTable {
  id: Generated<number>;
  title: string;
  start_at: number;
  end_at: number;
  status: ListingStatus;
}

export interface FreePointClaimTable {
  agent_id: number;
  ledger_id: number;
  created_at: number;
}

export interface RetentionOfferTable {
  id: Generated<number>;
  agent_id: number;
  package_id: number;
  issued_at: number;
  /** The end of its 59:59: a discounted order is refused from here on. */
  expires_at: number;
}

export interface WalletAccountTable {
  agent_id: number;
  balance_fen: Generated<number>;
  held_fen: Generated<number>;
  /** Money refunds claimed back after it was settled and spent or held; later income pays it first (ADR 0012). */
  debt_fen: Generated<number>;
  updated_at: number;
}

export interface WalletLedgerTable {
  id: Generated<number>;
  agent_id: number;
  title: string;
  amount_fen: number;
  idempotency_key: string;
  created_at: number;
}

export interface CashOutTable {
  id: Generated<number>;
  agent_id: number;
  out_status: OutStatus;
  amount_fen: number;
  pre_pay_amount_fen: Generated<number>;
  pay_amount_fen: Generated<number>;
  cash_out_to: Generated<string>;
  bank_name: Generated<string>;
  bank_card_number: Generated<string>;
  alipay_id: Generated<string>;
  reason: Generated<string>;
  is_offline: Generated<number>;
  order_no: string | null;
  created_at: number;
  finish_at: number | null;
  tax_fen: Generated<number>;
  /** Tax year and month (Asia/Shanghai, 202611) the withdrawal counts in for cumulative withholding. */
  tax_year: Generated<number>;
  tax_month: Generated<number>;
  /** JSON of the tax figures used (contracts' TaxFigures). */
  tax_detail: Generated<string>;
  /** 1 once the withholding was fixed at the payout (or the wallet purchase); 0 while it is the apply's estimate. */
  tax_final: Generated<number>;
  payee_real_name: Generated<string>;
  /** The payee account number at apply time, encrypted (the payout uses it; display uses the masked columns). */
  payee_account_enc: Generated<string>;
  /** Idempotency key of the Alipay transfer, set when the first payout is queued. */
  out_biz_no: string | null;
  pay_order_id: Generated<string>;
  approved_at: number | null;
  updated_at: Generated<number>;
}

/** An export of agreed bank withdrawals: 1 待确认 until every row is decided, then 2 已完成. */
export interface BankBatchTable {
  id: Generated<number>;
  status: number;
  row_count: number;
  total_pay_fen: number;
  /** SHA-256 of the file's bytes; the file is rebuilt from the rows and must match it. */
  file_sha256: string;
  /** Who made it: `operator:3`, `api-key:2` or `operator-token` (as the audit log names the caller). */
  created_by: string;
  created_at: number;
  completed_at: number | null;
}

/** A withdrawal as exported in a bank batch, and what the bank did with it. */
export interface BankBatchRowTable {
  id: Generated<number>;
  batch_id: number;
  cash_out_id: number;
  /** The withdrawal while this row holds it (pending or paid), null once returned or rejected; unique. */
  live_cash_out_id: number | null;
  agent_id: number;
  payee_real_name: string;
  bank_name: string;
  bank_card_mask: string;
  payee_account_enc: string;
  pay_amount_fen: number;
  applied_at: number;
  /** pending, paid, returned or rejected (contracts' BankRowResult). */
  result: Generated<string>;
  bank_ref: Generated<string>;
  reason: Generated<string>;
  decided_by: Generated<string>;
  decided_at: number | null;
}

export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  agent_id: number;
  type: OrderType;
  package_id: number;
  quantity: number;
  price_fen: number;
  credit: number;
  gift_credit: number;
  subject: string;
  pay_type: PayType;
  status: OrderStatus;
  /** The wallet's hold for a combo payment: its share of the price plus the tax withheld on that share. */
  wallet_hold_fen: Generated<number>;
  /** Tax withheld on the wallet's share (points are remuneration paid in kind): estimated while held, then final. */
  wallet_tax_fen: Generated<number>;
  /** How the Alipay part is paid: 'qr' (precreated QR code) or 'wap' (the mobile-browser cashier). */
  pay_channel: Generated<PayChannel>;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
}

export interface PaymentTradeTable {
  id: Generated<number>;
  order_id: number;
  out_trade_no: string;
  amount_fen: number;
  qr_code: string;
  status: TradeState;
  trade_no: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
}

export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  trade_id: number;
  out_trade_no: string;
  trade_no: Generated<string>;
  out_request_no: string;
  amount_fen: number;
  reason: string;
  /** 1 pending, 2 refunded, 3 failed. */
  status: RefundStatus;
  method: Generated<string>;
  attempts: Generated<number>;
  last_error: Generated<string>;
  created_at: number;
  refunded_at: number | null;
}

/** The job engine's database driver (`jobs/db-queue.ts`). */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  /** The job's input, JSON. */
  input: string;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: number;
  lease_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  idempotency_key: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** Values made once per deployment's database (the out_biz_no prefix of Alipay payouts). */
export interface DeploymentSettingTable {
  name: string;
  value: string;
  created_at: number;
}

/** One row per scheduled kind: whoever moves `next_run_at` on by a conditional update owns that tick. */
export interface JobScheduleTable {
  kind: string;
  next_run_at: number;
}

/** One item of a creator's media library; `sprite` is the thumbnail sprite's layout as JSON. */
export interface MediaTable {
  id: Generated<number>;
  agent_id: number;
  kind: MediaKind;
  /** What the file holds; the upload's file name proposed it and processing confirmed it. */
  type: Generated<MediaType>;
  status: MediaStatus;
  error: string | null;
  name: string;
  folder: Generated<string>;
  /** Tags joined by commas. */
  tags: Generated<string>;
  storage_key: string;
  poster_key: string | null;
  sprite_key: string | null;
  sprite: string | null;
  size_bytes: Generated<number>;
  duration_ms: Generated<number>;
  width: Generated<number>;
  height: Generated<number>;
  video_codec: Generated<string>;
  audio_codec: Generated<string>;
  job_id: string | null;
  serial_id: number | null;
  episode_id: number | null;
  episode_no: number | null;
  upload_id: string | null;
  created_at: number;
  deleted_at: number | null;
}

/** A tus upload in progress and the bytes it holds against its creator's quota. */
export interface MediaUploadTable {
  /** The tus upload id (`<agent>-<hex>`). */
  id: string;
  agent_id: number;
  /** Upload-Length given at creation; null for a deferred length. */
  length: number | null;
  /** What the upload counts toward the quota: its length, or while deferred the most it declared or was admitted. */
  reserved_bytes: number;
  /** The type its file name proposed: its size limit. */
  type: Generated<MediaType>;
  created_at: number;
  expires_at: number;
}

/** A background music track of narration, by style; its file is in the media storage. */
export interface MusicTrackTable {
  id: Generated<number>;
  style: MusicStyle;
  name: string;
  storage_key: string;
  size_bytes: number;
  duration_ms: number;
  audio_codec: Generated<string>;
  /** The demo seed's key of a track it rendered (null for an operator's upload). */
  seed_key: string | null;
  created_at: number;
  deleted_at: number | null;
}

/** One run of a video tool. JSON columns: `media_ids` number[], `config` the tool's config, `outputs` ToolJobOutputRow[]. */
export interface ToolJobTable {
  id: Generated<number>;
  agent_id: number;
  tool: string;
  status: ToolJobStatus;
  progress: Generated<number>;
  stage: Generated<string>;
  price: number;
  /** 1 once the price is spent (ledger key `tool-job:<id>`); a row never charged is not a job. */
  charged: Generated<number>;
  media_ids: string;
  config: string;
  outputs: Generated<string>;
  /** The run's log lines (JSON string[]): stages, results, the failure. */
  logs: Generated<string>;
  error: string | null;
  /** Idempotency keys of earlier versions (no longer written: `tool_job_requests` keeps them now). */
  request_key: string | null;
  /** The job's number among its creator's jobs: 1 for their first. */
  agent_seq: number;
  /** The unit prices the job was charged at (null for jobs of earlier versions). */
  price_per_output: number | null;
  price_per_minute: number | null;
  cancel_requested: Generated<number>;
  attempt: Generated<number>;
  heartbeat_at: number | null;
  created_at: number;
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/**
 * A creator's `Idempotency-Key` of `POST /ai/v1/jobs`: the job it made and the body's fingerprint (null for keys of
 * earlier versions, which answer any body), until `expires_at`.
 */
export interface ToolJobRequestTable {
  agent_id: number;
  request_key: string;
  fingerprint: string | null;
  tool_job_id: number;
  created_at: number;
  expires_at: number;
}

/** A medium's analysis for the mixed cut (JSON of the video engine's MediaAnalysis), made once per medium. */
export interface MediaAnalysisTable {
  media_id: number;
  version: number;
  analysis: string;
  created_at: number;
}

/** A medium's words in one language: sentence cues (JSON, milliseconds), from its own subtitles or recognised. */
export interface MediaTranscriptTable {
  media_id: number;
  language: string;
  origin: string;
  cues: string;
  /** JSON list of the speakers' labels in order of first appearance; null when the service gave none. */
  speakers: string | null;
  created_at: number;
}

/** 短剧解析's reading of one episode (JSON: scenes, summary, speakers' lines, stretches to remove), per version. */
export interface EpisodeParseTable {
  media_id: number;
  version: number;
  language: string;
  parse: string;
  created_at: number;
}

/** The summary of a creator's set of episodes parsed together (`media_key`: their ids, ascending, comma-joined). */
export interface SerialParseTable {
  agent_id: number;
  media_key: string;
  summary: string;
  created_at: number;
}

/** One call to an AI service (or the built-in voice) and what it used, by creator and by tool job. */
export interface AiUsageTable {
  id: Generated<number>;
  agent_id: number;
  /** The tool job that made the call; null for work outside a job (a medium's analysis). */
  tool_job_id: number | null;
  provider: 'llm' | 'asr' | 'tts' | 'espeak';
  model: string;
  unit: 'tokens' | 'seconds' | 'characters';
  /** Tokens, seconds of audio or characters; 0 when the call failed before an answer. */
  units: number;
  /** Prompt and completion tokens (language calls). */
  input_units: number | null;
  output_units: number | null;
  attempts: number;
  duration_ms: number;
  /** 1 when the call answered and its answer was used. */
  ok: number;
  error: string | null;
  created_at: number;
}

/** One term of a creator's 字幕翻译 glossary, in the creator's order. */
export interface TranslateGlossaryTermTable {
  agent_id: number;
  position: number;
  source: string;
  target: string;
}

/** A subtitle list made for review: recognised or read, split into sentences and translated; reused by runs. */
export interface TranslateSubtitlesTable {
  /** Hash of creator, video, subtitle file, languages and glossary. */
  cache_key: string;
  agent_id: number;
  media_id: number;
  subtitle_media_id: number | null;
  source_language: 'zh' | 'en';
  target_language: 'zh' | 'en';
  glossary_hash: string;
  status: 'working' | 'ready' | 'failed';
  /** Which making this is: the engine job's key names it, so a new attempt is a new job. */
  attempt: number;
  /** 1 once a failure has been answered: the next request starts again. */
  failure_answered: Generated<number>;
  progress: Generated<number>;
  origin: 'uploaded' | 'embedded' | 'recognised' | null;
  /** JSON of the contract's cues once ready. */
  cues: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** A QR login: created by a desktop browser, scanned and confirmed by a logged-in phone, collected once. */
export interface LoginQrSessionTable {
  id: string;
  secret_hash: string;
  status: 'waiting' | 'scanned' | 'confirmed' | 'cancelled';
  agent_id: number | null;
  requester_ip: Generated<string>;
  requester_agent: Generated<string>;
  created_at: number;
  expires_at: number;
  scanned_at: number | null;
  confirmed_at: number | null;
  consumed_at: number | null;
}

/**
 * A media channel a creator files; `live_key` = `platform:channel_key` while the filing holds the channel
 * (pending or approved, not deleted), else null: a rejected or deleted filing frees it.
 */
export interface ChannelFilingTable {
  id: Generated<number>;
  agent_id: number;
  platform: Platform;
  channel_name: string;
  channel_id: string;
  channel_key: string;
  channel_url: string;
  cover_key: string | null;
  report_status: ReportStatus;
  reason: Generated<string>;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
  deleted_at: number | null;
  live_key: string | null;
}

/** An uploaded cover or avatar image; the file is `images/<name>` in the media storage. */
export interface ImageTable {
  name: string;
  agent_id: number;
  size_bytes: number;
  created_at: number;
}

/** A planned post of the 智能运营 publishing calendar; `planned_at` is the instant of its Beijing date and time. */
export interface OperateCalendarItemTable {
  id: Generated<number>;
  agent_id: number;
  task_id: number | null;
  title: string;
  platform: number;
  planned_at: number;
  note: Generated<string>;
  status: Generated<'planned' | 'done'>;
  created_at: number;
  updated_at: number;
}

/** An operator's account: the password as `scrypt$N$r$p$salt$hash`, the TOTP secret sealed by the data cipher. */
export interface OperatorTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: OperatorRole;
  totp_secret: string;
  totp_last_step: number | null;
  failed_attempts: Generated<number>;
  locked_until: number | null;
  disabled_at: number | null;
  last_login_at: number | null;
  created_by: string;
  created_at: number;
}

export interface OperatorRecoveryCodeTable {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  used_at: number | null;
}

export interface OperatorSessionTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
}

export interface OperatorApiKeyTable {
  id: Generated<number>;
  name: string;
  role: OperatorRole;
  key_hash: string;
  prefix: string;
  created_by: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** One operator write: who (an operator or an API key, and its role), what, on which object, and from where. */
export interface OperatorAuditTable {
  id: Generated<number>;
  operator_id: number | null;
  api_key_id: number | null;
  actor: string;
  role: string;
  action: string;
  object_type: string | null;
  object_id: string | null;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  user_agent: string;
  created_at: number;
}

/** A narration script of 影视解说: a kept preview (`preview_key`) or the one a job rendered (`tool_job_id`). */
export interface CommentaryScriptTable {
  id: Generated<number>;
  agent_id: number;
  preview_key: string | null;
  tool_job_id: number | null;
  /** JSON array of media ids. */
  media_ids: string;
  speech_style: string;
  status: 'working' | 'ready' | 'failed';
  progress: Generated<number>;
  dialogue: 'embedded' | 'recognised' | 'none' | null;
  /** JSON array of script lines. */
  lines: Generated<string>;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  commentary_scripts: CommentaryScriptTable;
  images: ImageTable;
  login_qr_sessions: LoginQrSessionTable;
  channel_filings: ChannelFilingTable;
  media: MediaTable;
  media_uploads: MediaUploadTable;
  music_tracks: MusicTrackTable;
  tool_jobs: ToolJobTable;
  tool_job_requests: ToolJobRequestTable;
  media_analyses: MediaAnalysisTable;
  media_transcripts: MediaTranscriptTable;
  episode_parses: EpisodeParseTable;
  serial_parses: SerialParseTable;
  ai_usage: AiUsageTable;
  translate_glossary_terms: TranslateGlossaryTermTable;
  translate_subtitles: TranslateSubtitlesTable;
  agents: AgentTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  money_sessions: MoneySessionTable;
  apps: AppTable;
  serials: SerialTable;
  tasks: TaskTable;
  banners: BannerTable;
  posters: PosterTable;
  templates: TemplateTable;
  episodes: EpisodeTable;
  task_receipts: TaskReceiptTable;
  promotion_clicks: PromotionClickTable;
  share_orders: ShareOrderTable;
  share_daily_figures: ShareDailyFiguresTable;
  credit_ledger_counts: CreditLedgerCountTable;
  agent_task_figures: AgentTaskFiguresTable;
  agent_applications: AgentApplicationTable;
  credit_accounts: CreditAccountTable;
  credit_ledger: CreditLedgerTable;
  credit_grants: CreditGrantTable;
  credit_allocations: CreditAllocationTable;
  credit_packages: CreditPackageTable;
  credit_promotions: CreditPromotionTable;
  free_point_claims: FreePointClaimTable;
  retention_offers: RetentionOfferTable;
  wallet_accounts: WalletAccountTable;
  wallet_ledger: WalletLedgerTable;
  cash_outs: CashOutTable;
  bank_batches: BankBatchTable;
  bank_batch_rows: BankBatchRowTable;
  deployment_settings: DeploymentSettingTable;
  payee_accounts: PayeeAccountTable;
  contract_signatures: ContractSignatureTable;
  orders: OrderTable;
  payment_trades: PaymentTradeTable;
  payment_refunds: PaymentRefundTable;
  jobs: JobTable;
  job_schedules: JobScheduleTable;
  operate_calendar_items: OperateCalendarItemTable;
  operators: OperatorTable;
  operator_recovery_codes: OperatorRecoveryCodeTable;
  operator_sessions: OperatorSessionTable;
  operator_api_keys: OperatorApiKeyTable;
  operator_audit: OperatorAuditTable;
  partner_apps: PartnerAppTable;
  open_orders: OpenOrderTable;
  open_order_decisions: OpenOrderDecisionTable;
  settlement_runs: SettlementRunTable;
}

export type Agent = Selectable<AgentTable>;
export type NewAgent = Insertable<AgentTable>;
export type AgentUpdate = Updateable<AgentTable>;
export type Session = Selectable<SessionTable>;
export type SmsCode = Selectable<SmsCodeTable>;
