/**
 * The lint rule that keeps server modules out of each other's data (eslint.config.js, `modules/module-data`): an
 * import of another module's repository, figures or demo file fails the lint however it is spelled; the module's own
 * files and other modules' services pass. The demo seed may import modules' services and nothing of their data.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function ruleMessages(code: string, file = 'apps/server/src/modules/settlement/fixture.ts') {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'modules/module-data').map((m) => m.message);
}

describe('modules/module-data', () => {
  it("refuses another module's repository, figures and demo files, however the path is spelled", async () => {
    const foreign = [
      "import { PromotionRepository } from '../promotion/promotion.repository.js';",
      "import { addSharesToReceipts } from '../promotion/task-figures.js';",
      "import { DEMO_APPS } from '../content/demo-catalogue.js';",
      "import { CreditRepository } from './../credit/../credit/credit.repository.js';",
      "export { TeamRepository } from '../team/team.repository.js';",
      "const lazy = () => import('../credit/credit.repository.js');\nexport { lazy };",
      "import { DEMO_APPS } from '../../demo/demo-catalogue.js';",
    ];
    for (const code of foreign) expect(await ruleMessages(code), code).toHaveLength(1);
    expect((await ruleMessages(foreign[0]!))[0]).toContain("go through promotion's service");
  });

  it("lets a module use its own data and other modules' services", async () => {
    const allowed = [
      "import { ShareRepository } from './share.repository.js';",
      "import { addSharesToRollup } from './share-rollup.js';",
      "import type { PromotionService } from '../promotion/promotion.service.js';",
      "import { isoTime } from '../paging.js';",
    ];
    for (const code of allowed) expect(await ruleMessages(code), code).toEqual([]);
  });

  it("lets the demo seed use modules' services but not their repositories or figures", async () => {
    const demo = 'apps/server/src/demo/fixture.ts';
    const refused = [
      "import { ContentRepository } from '../modules/content/content.repository.js';",
      "import type { TaskRepository } from '../modules/task/../task/task.repository.js';",
      "export { PackageRepository } from '../modules/credit/package.repository.js';",
      "const lazy = () => import('../modules/promotion/task-figures.js');\nexport { lazy };",
    ];
    for (const code of refused) expect(await ruleMessages(code, demo), code).toHaveLength(1);
    expect((await ruleMessages(refused[0]!, demo))[0]).toContain("seed through content's service");
    const allowed = [
      "import type { ContentService } from '../modules/content/content.service.js';",
      "import { coverSvg } from '../modules/content/cover-art.js';",
      "import { DEMO_APPS } from './demo-catalogue.js';",
    ];
    for (const code of allowed) expect(await ruleMessages(code, demo), code).toEqual([]);
  });
});
