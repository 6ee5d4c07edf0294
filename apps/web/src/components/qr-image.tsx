/**
 * A QR code drawn in the browser from its text (payment QR, login QR); a spinner until it is drawn. The encoder is
 * loaded the first time a code is drawn, so pages that never show one do not download it.
 */
import { Spin } from '@arco-design/web-react';
import { useEffect, useState } from 'react';

interface QrImageProps {
  value: string;
  size: number;
  alt: string;
  /** Hears the drawn image (a data URL), for a 保存二维码 button. */
  onDrawn?: (src: string) => void;
}

export function QrImage({ value, size, alt, onDrawn }: QrImageProps) {
  const [image, setImage] = useState<{ value: string; src: string } | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(value, { width: size, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (src) => {
          if (!current) return;
          setImage({ value, src });
          onDrawn?.(src);
        },
        // Nothing to draw: the caller's overlay still offers a fresh code.
        () => current && setImage(null),
      );
    return () => {
      current = false;
    };
  }, [value, size, onDrawn]);

  const src = image?.value === value ? image.src : null;
  // `data-qr-value`: the text the picture encodes, which a test reads as a phone's camera would.
  return src ? <img src={src} width={size} height={size} alt={alt} data-qr-value={value} /> : <Spin />;
}
