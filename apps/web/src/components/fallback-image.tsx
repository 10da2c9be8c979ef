import { type ReactNode, useEffect, useState } from 'react';
import { hostFailed, noteFailedHost } from '../lib/image-hosts.ts';

/**
 * An image that steps aside for drawn art when it cannot load, so a missing file never shows the
 * browser's broken-image icon. The art is always rendered underneath while the image loads.
 * `backup` is a second picture tried when the first fails (a case's locally drawn crate when the
 * catalogue's CDN is unreachable), and tried first once that CDN has failed in this page.
 * Images load lazily (below the first screen they wait until scrolled to); `priority` is for the
 * one picture the first screen is about (the first banner), fetched first.
 */
export function FallbackImage({
  src,
  backup,
  alt = '',
  className,
  fallback,
  priority = false,
}: {
  src: string;
  backup?: string;
  alt?: string;
  className?: string;
  fallback: ReactNode;
  priority?: boolean;
}) {
  const sources = [src, backup].filter((s, i, all): s is string => !!s && all.indexOf(s) === i);
  const first = () => (sources.length > 1 && hostFailed(src) ? 1 : 0);
  const [index, setIndex] = useState(first);
  // A new picture restarts at its first candidate.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the pictures change
  useEffect(() => setIndex(first()), [src, backup]);
  const current = sources[index];
  return (
    <>
      {fallback}
      {current && (
        <img
          key={current}
          src={current}
          alt={alt}
          className={className}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => {
            noteFailedHost(current);
            setIndex((i) => i + 1);
          }}
        />
      )}
    </>
  );
}
