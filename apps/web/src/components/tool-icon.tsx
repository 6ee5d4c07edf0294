/** The icon of each of the six nav tools, the same in the workspace nav and on the landing page. */
import {
  IconFolder,
  IconScissor,
  IconSend,
  IconSubscribed,
  IconTranslate,
  IconVideoCamera,
} from '@arco-design/web-react/icon';
import type { NavTool } from '@cc/contracts';
import type { ReactNode } from 'react';

const ICONS: Record<NavTool, ReactNode> = {
  mixcut: <IconScissor />,
  commentary: <IconVideoCamera />,
  translate: <IconTranslate />,
  dedup: <IconSubscribed />,
  media: <IconFolder />,
  publish: <IconSend />,
};

export function ToolIcon({ tool }: { tool: NavTool }) {
  return ICONS[tool];
}
