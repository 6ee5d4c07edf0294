/** Operator accounts, their sessions and API keys, the role each operator route allows, and the audit log. */
import { defineModule } from '../../compose/module.js';
import { DataCipher } from '../../data-cipher.js';
import { OperatorRepository } from './operator.repository.js';
import { operatorRoutes } from './operator.routes.js';
import { OperatorService } from './operator.service.js';

export const operatorModule = defineModule()(
  'operator',
  ({ database, clock, config, log }) => {
    if (config.env === 'production' && config.operatorToken) {
      log.warn(
        'OPERATOR_TOKEN is set: it is an administrator key; create operator accounts and API keys, then unset it',
      );
    }
    return {
      operators: new OperatorService(
        new OperatorRepository(database.db),
        new DataCipher(config.dataEncryption.key),
        clock,
        log,
        config.operatorToken,
      ),
    };
  },
  {
    routes: (app, { operators }) => app.register(operatorRoutes(operators)),
  },
);
