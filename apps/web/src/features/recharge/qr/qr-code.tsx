import { useMemo } from 'react';
import { encodeQr } from './qr-encode.ts';

const QUIET_ZONE = 4;

/** `text` as a QR code: one SVG path of dark modules on white, with the standard quiet zone. */
export function QrCode({ text, size = 180, label }: { text: string; size?: number; label: string }) {
  const { path, extent } = useMemo(() => {
    const modules = encodeQr(text);
    let d = '';
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      });
    });
    return { path: d, extent: modules.length + QUIET_ZONE * 2 };
  }, [text]);
  return (
    <svg
      className="qr-code"
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
