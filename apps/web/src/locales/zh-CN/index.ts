/** The zh-CN text catalogue: one typed module per domain, read as `text.<domain>.<key>` so a missing key fails to compile.
 * Texts only one lazy page reads (the income screens) are imported from their own module instead. */
import { ai } from './ai';
import { auth } from './auth';
import { channel } from './channel';
import { common } from './common';
import { content } from './content';
import { credit } from './credit';
import { gift } from './gift';
import { help } from './help';
import { home } from './home';
import { layout } from './layout';
import { order } from './order';
import { player } from './player';
import { profile } from './profile';
import { promotion } from './promotion';
import { task } from './task';
import { team } from './team';
import { tool } from './tool';
import { user } from './user';

export const text = {
  ai,
  auth,
  channel,
  common,
  content,
  credit,
  gift,
  help,
  home,
  layout,
  order,
  player,
  profile,
  promotion,
  task,
  team,
  tool,
  user,
} as const;

export { privacyPolicy, userAgreement, type LegalDocument, type LegalSection } from './agreement';
