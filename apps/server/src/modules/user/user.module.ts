/** Creators' profiles, their payees (real name, bank card, Alipay account) and signed contracts. */
import type { CreditService } from '../credit/credit.service.js';
import type { ImageService } from '../image/image.service.js';
import type { MoneySessionService } from '../verification/money-session.service.js';
import { defineModule } from '../../compose/module.js';
import { DataCipher } from '../../data-cipher.js';
import { BuiltinESignProvider } from '../../providers/esign/builtin-esign.js';
import { ContractRepository } from './contract.repository.js';
import { ContractService } from './contract.service.js';
import { PayeeRepository } from './payee.repository.js';
import { payeeRoutes } from './payee.routes.js';
import { PayeeService } from './payee.service.js';
import { UserRepository } from './user.repository.js';
import { userRoutes } from './user.routes.js';
import { UserService } from './user.service.js';

export const userModule = defineModule<{
  credits: CreditService;
  images: ImageService;
  moneySessions: MoneySessionService;
}>()(
  'user',
  ({ database, clock, config, credits, images, moneySessions }) => {
    const payeeRepository = new PayeeRepository(database.db);
    const cipher = new DataCipher(config.dataEncryption.key);
    const payees = new PayeeService(database, payeeRepository, moneySessions, cipher, clock);
    const contracts = new ContractService(
      database,
      new ContractRepository(database.db),
      payeeRepository,
      payees,
      moneySessions,
      new BuiltinESignProvider(),
      clock,
    );
    const users = new UserService(new UserRepository(database.db), credits, clock, images);
    images.addUsageCheck((names) => users.imagesUsedAsAvatars(names));
    return { users, payees, contracts };
  },
  {
    routes: async (app, { users, payees, contracts }) => {
      await app.register(userRoutes(users));
      await app.register(payeeRoutes(payees, contracts));
    },
  },
);
