/** The wallet, tax withholding, withdrawals (Alipay payouts, bank batches). */
import type { ContractService } from '../user/contract.service.js';
import type { PayeeService } from '../user/payee.service.js';
import type { MoneySessionService } from '../verification/money-session.service.js';
import { defineModule } from '../../compose/module.js';
import { jobKeys } from '../../jobs/app-jobs.js';
import { BankBatchRepository } from './bank-batch.repository.js';
import { bankBatchRoutes } from './bank-batch.routes.js';
import { BankBatchService } from './bank-batch.service.js';
import { CumulativeLabourTaxPolicy } from './tax-policy.js';
import { TaxWithholding } from './tax-withholding.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';
import { WithdrawalRepository } from './withdrawal.repository.js';
import { withdrawalRoutes } from './withdrawal.routes.js';
import { WithdrawalService } from './withdrawal.service.js';

export const withdrawalModule = defineModule<{
  payees: PayeeService;
  contracts: ContractService;
  moneySessions: MoneySessionService;
}>()(
  'withdrawal',
  ({ database, clock, log, jobs, alipay, payees, contracts, moneySessions }) => {
    const wallet = new WalletService(database, new WalletRepository(database.db), clock);
    const withdrawalRepository = new WithdrawalRepository(database.db);
    const taxes = new TaxWithholding(withdrawalRepository, wallet, new CumulativeLabourTaxPolicy(), clock);
    const withdrawals = new WithdrawalService({
      database,
      withdrawals: withdrawalRepository,
      wallet,
      payees,
      contracts,
      moneySessions,
      taxes,
      alipay,
      payoutJobs: {
        // One job per attempt, keyed by its out_biz_no: a second enqueue answers the first job.
        async ensure(cashOutId: number, outBizNo: string) {
          const id = await jobs.enqueue(
            'withdrawal.payout',
            { cash_out_id: cashOutId, out_biz_no: outBizNo },
            { key: jobKeys.withdrawalPayout(outBizNo) },
          );
          if ((await jobs.get(id))?.status === 'failed') await jobs.retry(id);
        },
      },
      clock,
      log,
    });
    const bankBatches = new BankBatchService({
      database,
      batches: new BankBatchRepository(database.db),
      withdrawals: withdrawalRepository,
      wallet,
      taxes,
      payees,
      clock,
    });
    return { wallet, taxes, withdrawals, bankBatches };
  },
  {
    jobs: ({ withdrawals }) => ({
      'withdrawal.payout': async ({ cash_out_id, out_biz_no }, { log }) => {
        const outcome = await withdrawals.payout(cash_out_id, out_biz_no);
        log.info({ cashOutId: cash_out_id, outBizNo: out_biz_no, outcome }, 'withdrawal payout');
      },
      'withdrawal.payout-sweep': async (_input, { log }) => {
        const waiting = await withdrawals.requeueWaitingPayouts();
        if (waiting > 0) log.info({ waiting }, 'payouts in progress checked for a live job');
      },
    }),
    routes: async (app, { withdrawals, bankBatches }) => {
      await app.register(withdrawalRoutes(withdrawals));
      await app.register(bankBatchRoutes(bankBatches));
    },
  },
);
