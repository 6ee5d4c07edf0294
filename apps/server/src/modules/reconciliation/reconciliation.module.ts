/** The books checked against each other (ledgers, wallets, orders, payouts) for operators. */
import { defineModule } from '../../compose/module.js';
import { ReconciliationRepository } from './reconciliation.repository.js';
import { reconciliationRoutes } from './reconciliation.routes.js';
import { ReconciliationService } from './reconciliation.service.js';

export const reconciliationModule = defineModule()(
  'reconciliation',
  ({ database, clock }) => ({
    reconciliation: new ReconciliationService(new ReconciliationRepository(database.db), clock),
  }),
  {
    routes: (app, { reconciliation }) => app.register(reconciliationRoutes(reconciliation)),
  },
);
