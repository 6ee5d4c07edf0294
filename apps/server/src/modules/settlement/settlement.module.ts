/** Partner apps report orders; shares are held, then settled into wallets; creators read their income. */
import type { PromotionService } from '../promotion/promotion.service.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import { defineModule } from '../../compose/module.js';
import { IncomeService } from './income.service.js';
import { openOrderRoutes } from './open-order.routes.js';
import { PartnerAppRepository } from './partner-app.repository.js';
import { PartnerAppService } from './partner-app.service.js';
import { SettlementQueryRepository } from './settlement-query.repository.js';
import { settlementQueryRoutes } from './settlement-query.routes.js';
import { SettlementQueryService } from './settlement-query.service.js';
import { settlementRoutes } from './settlement.routes.js';
import { SettlementService } from './settlement.service.js';
import { ShareRepository } from './share.repository.js';

export const settlementModule = defineModule<{ promotions: PromotionService; wallet: WalletService }>()(
  'settlement',
  ({ database, clock, config, promotions, wallet }) => {
    const partnerApps = new PartnerAppService(new PartnerAppRepository(database.db), clock, config.appSecret);
    const shares = new ShareRepository(database.db);
    return {
      partnerApps,
      income: new IncomeService(database, shares, promotions, partnerApps, clock, config.settlement),
      settlement: new SettlementService(database, shares, wallet, clock),
      settlementQuery: new SettlementQueryService(
        new SettlementQueryRepository(database.db, database.kind),
        wallet,
        clock,
      ),
    };
  },
  {
    jobs: ({ settlement }) => ({
      'settlement.run': async (_input, { log }) => {
        const { runId, settledCount, amountFen } = await settlement.settleDueShares();
        if (settledCount > 0) log.info({ runId, settledCount, amountFen }, 'due shares settled');
      },
    }),
    routes: async (app, { settlementQuery, partnerApps, income, settlement, clock, config }) => {
      await app.register(settlementQueryRoutes(settlementQuery, clock));
      await app.register(openOrderRoutes(partnerApps, income));
      await app.register(
        settlementRoutes({ partnerApps, income, settlement, secretsReadable: config.env !== 'production' }),
      );
    },
  },
);
