/** The zh-CN text catalogue: one typed module per domain, read as `text.<domain>.<key>` so a missing key fails to compile.
 * Texts of one feature only (the workspace, the landing page, the channels, the profile, the team, the income screens,
 * the agreements) are imported by that feature from their own module, so they ship with its lazy chunks. */
import { auth } from './auth';
import { common } from './common';
import { content } from './content';
import { credit } from './credit';
import { gift } from './gift';
import { help } from './help';
import { home } from './home';
import { layout } from './layout';
import { order } from './order';
import { player } from './player';
import { promotion } from './promotion';
import { task } from './task';
import { user } from './user';

export const text = {
  auth,
  common,
  content,
  credit,
  gift,
  help,
  home,
  layout,
  order,
  player,
  promotion,
  task,
  user,
} as const;
