import { type ReactNode, useEffect, useState } from 'react';

/**
 * An image that steps aside for drawn art when it cannot load, so a missing file never shows the
 * browser's broken-image icon. The art is always rendered underneath while the image loads.
 */
export function FallbackImage({
  src,
  alt = '',
  className,
  fallback,
}: {
  src: string;
  alt?: string;
  className?: string;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);
  return (
    <>
      {fallback}
      {!failed && <img src={src} alt={alt} className={className} onError={() => setFailed(true)} />}
    </>
  );
}
