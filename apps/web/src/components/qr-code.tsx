import QRCode from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

/**
 * `text` as a QR code (the `qrcode` package, as the server uses; level M): one SVG path of dark
 * modules on white, with the standard quiet zone. Drawn from the module matrix rather than with
 * the package's own SVG string, so it is an element React owns, not injected markup. The recharge
 * dialogs show payment addresses with it, the console an authenticator's otpauth:// address.
 */
export function QrCode({
  text,
  size = 180,
  label,
  className = 'qr-code',
}: {
  text: string;
  size?: number;
  label: string;
  className?: string;
}) {
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
      className={className}
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
