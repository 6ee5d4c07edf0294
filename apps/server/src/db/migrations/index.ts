/** Every migration, by its timestamped name. Shipped migrations are frozen: add a new one instead. */
import type { Migration } from 'kysely';
import * as foundation from './20261121120000_foundation.js';
import * as taskPromotion from './20261121140000_task_promotion.js';
import * as credit from './20261121160000_credit.js';
import * as ordersWallet from './20261121170000_orders_wallet.js';
import * as paymentRefunds from './20261123110000_payment_refunds.js';
import * as clickIpCap from './20261123120000_click_ip_cap.js';
import * as jobs from './20261123100000_jobs.js';
import * as retentionOffers from './20261123130000_retention_offers.js';
import * as income from './20261123140000_income.js';
import * as payeeWithdrawals from './20261123160000_payee_withdrawals.js';
import * as settlementIndexes from './20261123150000_settlement_indexes.js';
import * as media from './20261124100000_media.js';
import * as toolJobs from './20261124110000_tool_jobs.js';
import * as creatorSpace from './20261125100000_creator_space.js';
import * as team from './20261125110000_team.js';
import * as clickCountedIndexes from './20261125120000_click_counted_indexes.js';
import * as receiptFigures from './20261125130000_receipt_figures.js';
import * as shareDailyFigures from './20261125140000_share_daily_figures.js';
import * as creditLedgerCounts from './20261125150000_credit_ledger_counts.js';
import * as agentTaskFigures from './20261125160000_agent_task_figures.js';
import * as teamSizes from './20261125170000_team_sizes.js';
import * as deploymentSettings from './20261126100000_deployment_settings.js';
import * as bankBatches from './20261126110000_bank_batches.js';
import * as taxAtPayment from './20261126120000_tax_at_payment.js';
import * as earnedReceipts from './20261126140000_earned_receipts.js';
import * as partnerOrders from './20261126130000_partner_orders.js';
import * as mediaUploads from './20261126160000_media_uploads.js';
import * as images from './20261126170000_images.js';
import * as payChannel from './20261127100000_pay_channel.js';
import * as moneySessions from './20261127110000_money_sessions.js';
import * as toolJobRequests from './20261127130000_tool_job_requests.js';
import * as aiUsage from './20261129100000_ai_usage.js';
import * as operateCalendar from './20261129110000_operate_calendar.js';
import * as mediaTypesMusic from './20261130100000_media_types_music.js';
import * as translate from './20261130110000_translate.js';
import * as episodeParses from './20261130120000_episode_parses.js';
import * as commentaryScripts from './20261130130000_commentary_scripts.js';
import * as operators from './20261201100000_operators.js';

export const migrations: Record<string, Migration> = {
  '20261121120000_foundation': foundation,
  '20261121140000_task_promotion': taskPromotion,
  '20261121160000_credit': credit,
  '20261121170000_orders_wallet': ordersWallet,
  '20261123110000_payment_refunds': paymentRefunds,
  '20261123120000_click_ip_cap': clickIpCap,
  '20261123100000_jobs': jobs,
  '20261123130000_retention_offers': retentionOffers,
  '20261123140000_income': income,
  '20261123160000_payee_withdrawals': payeeWithdrawals,
  '20261123150000_settlement_indexes': settlementIndexes,
  '20261124100000_media': media,
  '20261124110000_tool_jobs': toolJobs,
  '20261125100000_creator_space': creatorSpace,
  '20261125110000_team': team,
  '20261125120000_click_counted_indexes': clickCountedIndexes,
  '20261125130000_receipt_figures': receiptFigures,
  '20261125140000_share_daily_figures': shareDailyFigures,
  '20261125150000_credit_ledger_counts': creditLedgerCounts,
  '20261125160000_agent_task_figures': agentTaskFigures,
  '20261125170000_team_sizes': teamSizes,
  '20261126100000_deployment_settings': deploymentSettings,
  '20261126110000_bank_batches': bankBatches,
  '20261126120000_tax_at_payment': taxAtPayment,
  '20261126140000_earned_receipts': earnedReceipts,
  '20261126130000_partner_orders': partnerOrders,
  '20261126160000_media_uploads': mediaUploads,
  '20261126170000_images': images,
  '20261127100000_pay_channel': payChannel,
  '20261127110000_money_sessions': moneySessions,
  '20261127130000_tool_job_requests': toolJobRequests,
  '20261129100000_ai_usage': aiUsage,
  '20261129110000_operate_calendar': operateCalendar,
  '20261130100000_media_types_music': mediaTypesMusic,
  '20261130110000_translate': translate,
  '20261130120000_episode_parses': episodeParses,
  '20261130130000_commentary_scripts': commentaryScripts,
  '20261201100000_operators': operators,
};
