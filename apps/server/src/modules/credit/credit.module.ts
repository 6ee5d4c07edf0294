/** Points: the ledger and the packages a creator buys them in. */
import { defineModule } from '../../compose/module.js';
import { CreditRepository } from './credit.repository.js';
import { creditRoutes } from './credit.routes.js';
import { CreditService } from './credit.service.js';
import { PackageRepository } from './package.repository.js';
import { PackageService } from './package.service.js';

export const creditModule = defineModule()(
  'credit',
  ({ database, clock }) => ({
    credits: new CreditService(database, new CreditRepository(database.db), clock),
    packages: new PackageService(new PackageRepository(database.db), clock),
  }),
  {
    routes: (app, { credits, packages }) => app.register(creditRoutes(credits, packages)),
  },
);
