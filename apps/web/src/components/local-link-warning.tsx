/**
 * A warning above links that only this machine's network can open: the server was started without
 * PUBLIC_BASE_URL. Shown to the creator about to share, and to the operator testing the deployment.
 */
import { Alert } from '@arco-design/web-react';
import { isLocalLink } from '../lib/local-link';
import { text } from '../locales/zh-CN';

export function LocalLinkWarning({ links, className }: { links: readonly string[]; className?: string }) {
  if (!links.some(isLocalLink)) return null;
  return (
    <Alert
      type="warning"
      className={className}
      title={text.common.localLink.title}
      content={text.common.localLink.content}
    />
  );
}
