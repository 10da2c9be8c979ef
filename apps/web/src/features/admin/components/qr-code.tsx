import QRCode from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

/**
 * `text` as a QR code, drawn from the `qrcode` package's module matrix as one SVG path: an element
 * React owns rather than injected markup, and crisp at any size. The same drawing as the recharge
 * dialog's, kept here because a feature does not import another's files; level M, as
 * authenticator apps expect of an otpauth:// address.
 */
export function QrCode({ text, size = 184, label }: { text: string; size?: number; label: string }) {
  const { path, extent } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) {
        if (modules.get(y, x)) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { path: d, extent: modules.size + QUIET_ZONE * 2 };
  }, [text]);
  return (
    <svg
      className="adm-qr"
      role="img"
      aria-label={label}
      data-qr-text={text}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
