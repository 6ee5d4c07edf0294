/**
 * What a phone offers under a QR code instead of "微信扫码" (issue 20): a QR on the phone's own screen cannot be
 * scanned by that phone, so it says 长按识别 (WeChat's browser recognises a long-pressed QR), saves the image for
 * 扫一扫's album, and copies the WeChat ID when there is one. Shared by every QR popover that a phone may open.
 */
import { Button, Message, Space } from '@arco-design/web-react';
import { IconCopy, IconDownload } from '@arco-design/web-react/icon';
import { copyText } from '../lib/clipboard';
import { saveBlob } from '../lib/download';
import { fillText } from '../lib/fill-text';
import { qrActions as t } from '../locales/zh-CN/qr-actions';

export interface QrActionsProps {
  /** The QR image as shown (a data URL, or an address the page can fetch). */
  imageSrc: string | null;
  /** The saved file's name, e.g. 在线客服二维码.png. */
  fileName: string;
  /** A WeChat ID to copy, when the contact has one. */
  wechatId?: string | null;
}

async function saveImage(src: string, fileName: string): Promise<void> {
  try {
    const response = await fetch(src);
    if (!response.ok) throw new Error(String(response.status));
    saveBlob(await response.blob(), fileName);
    Message.success(t.saved);
  } catch {
    // Not fetchable from here (another origin): the image opens, where a long press saves it.
    window.open(src, '_blank', 'noopener');
    Message.info(t.saveFallback);
  }
}

export function QrActions({ imageSrc, fileName, wechatId }: QrActionsProps) {
  return (
    <div data-testid="qr-actions">
      <p style={{ margin: '8px 0', fontSize: 13, color: 'var(--color-text-2)' }}>
        <strong>{t.longPress}</strong>
        <br />
        {t.longPressHint}
      </p>
      {wechatId && (
        <p style={{ margin: '0 0 8px', fontSize: 13 }} data-testid="qr-wechat-id">
          {fillText(t.wechatLabel, { id: wechatId })}
        </p>
      )}
      <Space size={8} wrap>
        <Button
          size="small"
          icon={<IconDownload />}
          disabled={!imageSrc}
          onClick={() => imageSrc && void saveImage(imageSrc, fileName)}
          data-testid="qr-save"
        >
          {t.save}
        </Button>
        {wechatId && (
          <Button
            size="small"
            icon={<IconCopy />}
            data-testid="qr-copy-wechat"
            onClick={() =>
              void copyText(wechatId).then((copied) =>
                copied
                  ? Message.success(fillText(t.wechatCopied, { id: wechatId }))
                  : Message.warning(fillText(t.copyFailed, { id: wechatId })),
              )
            }
          >
            {t.copyWechat}
          </Button>
        )}
      </Space>
    </div>
  );
}
