/**
 * What a phone can do with a QR code on its own screen: it cannot scan it, so instead of "微信扫码" it is
 * told to long-press the code (WeChat and most phone browsers recognise a pressed QR image), offered to save the code
 * as a picture to scan from the album, and to copy the WeChat ID when there is one.
 */
import { Button, Message } from '@arco-design/web-react';
import { IconCopy, IconDownload } from '@arco-design/web-react/icon';
import { copyText } from '../lib/clipboard';
import { saveBlob } from '../lib/download';
import { fillText } from '../lib/fill-text';
import { text } from '../locales/zh-CN';
import styles from './qr-phone-actions.module.css';

/** Side of the saved picture: large enough for an album scan, whatever the code's own format (SVG or PNG). */
const SAVED_SIDE = 600;
const SAVED_MARGIN = 40;

/** The QR image drawn on a white square PNG; null when it cannot be (not loaded, or from an origin that forbids it). */
async function qrAsPng(src: string): Promise<Blob | null> {
  try {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = SAVED_SIDE;
    canvas.height = SAVED_SIDE;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, SAVED_SIDE, SAVED_SIDE);
    const inner = SAVED_SIDE - SAVED_MARGIN * 2;
    context.drawImage(image, SAVED_MARGIN, SAVED_MARGIN, inner, inner);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  } catch {
    return null;
  }
}

interface QrPhoneActionsProps {
  /** The QR picture's address. */
  imageUrl: string;
  /** The contact's WeChat ID; '' leaves the copy action out. */
  wechatId: string;
  /** The saved picture's name, without extension. */
  fileName: string;
  /** A class of the place the actions sit in (the dark landing footer restyles them). */
  className?: string;
}

export function QrPhoneActions({ imageUrl, wechatId, fileName, className }: QrPhoneActionsProps) {
  const t = text.content.qrPhone;

  async function save() {
    const png = await qrAsPng(imageUrl);
    if (!png) {
      Message.warning(t.saveFailed);
      return;
    }
    saveBlob(png, `${fileName}.png`);
    Message.success(t.saved);
  }

  async function copy() {
    if (await copyText(wechatId)) Message.success(fillText(t.copied, { id: wechatId }));
    else Message.warning(fillText(t.copyFailed, { id: wechatId }));
  }

  return (
    <div className={className ? `${styles.actions} ${className}` : styles.actions}>
      <p className={styles.hint}>{t.longPress}</p>
      <div className={styles.buttons}>
        <Button size="small" icon={<IconDownload />} onClick={() => void save()}>
          {t.save}
        </Button>
        {wechatId && (
          <Button size="small" icon={<IconCopy />} onClick={() => void copy()}>
            {t.copy}
          </Button>
        )}
      </div>
    </div>
  );
}
