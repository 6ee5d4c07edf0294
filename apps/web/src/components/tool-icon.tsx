/** The icon of each tool of the workspace, the same in the workspace nav and on the landing page. */
import {
  IconBulb,
  IconFile,
  IconFolder,
  IconScissor,
  IconSend,
  IconSubscribed,
  IconTranslate,
  IconVideoCamera,
} from '@arco-design/web-react/icon';
import type { WorkspaceTool } from '@cc/contracts';
import type { ReactNode } from 'react';

const ICONS: Record<WorkspaceTool, ReactNode> = {
  mixcut: <IconScissor />,
  commentary: <IconVideoCamera />,
  translate: <IconTranslate />,
  dedup: <IconSubscribed />,
  media: <IconFolder />,
  publish: <IconSend />,
  operate: <IconBulb />,
  parse: <IconFile />,
};

export function ToolIcon({ tool }: { tool: WorkspaceTool }) {
  return ICONS[tool];
}
