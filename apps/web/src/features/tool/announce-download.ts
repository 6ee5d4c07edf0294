/** Downloads give feedback: a saved file shows nothing on a phone for a while, so say it has started. */
import { Message } from '@arco-design/web-react';
import { fillText } from '../../lib/fill-text';
import { tool as toolText } from '../../locales/zh-CN/tool';

export function announceDownload(name: string, isMobile: boolean): void {
  Message.info(fillText(isMobile ? toolText.media.downloadStartedMobile : toolText.media.downloadStarted, { name }));
}
