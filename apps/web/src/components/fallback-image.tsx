import { type ReactNode, useEffect, useState } from 'react';

/**
 * An image that steps aside for drawn art when it cannot load, so a missing file never shows the
 * browser's broken-image icon. The art is always rendered underneath while the image loads.
 * Images load lazily (below the first screen they wait until scrolled to); `priority` is for the
 * one picture the first screen is about (the first banner), fetched first.
 */
export function FallbackImage({
  src,
  alt = '',
  className,
  fallback,
  priority = false,
}: {
  src: string;
  alt?: string;
  className?: string;
  fallback: ReactNode;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);
  return (
    <>
      {fallback}
      {!failed && (
        <img
          src={src}
          alt={alt}
          className={className}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </>
  );
}
