import { useEffect, useState } from 'react';
import { hostFailed, noteFailedHost } from '../lib/image-hosts.ts';

/** The server draws every catalogue item locally, so the site looks complete with no CDN. */
export function localItemImage(itemId: number | string): string {
  return `/img/items/${itemId}.svg`;
}

export interface ItemImageProps {
  src: string;
  alt: string;
  /** Catalogue id: when the CDN image fails, the server's drawing of this item is used. */
  itemId?: number | string;
  className?: string;
  /**
   * Load at once rather than when near the viewport: a reel's tiles sit far off screen inside a
   * moving strip and pass the marker within a second, too late for a lazy load to catch up.
   */
  eager?: boolean;
}

/**
 * An item picture: the given (CDN) address first, then the locally drawn SVG, then a neutral
 * silhouette, so a broken image icon never shows.
 */
export function ItemImage({ src, alt, itemId, className, eager = false }: ItemImageProps) {
  const candidates = [src, itemId !== undefined ? localItemImage(itemId) : ''].filter(Boolean);
  const firstCandidate = () => (hostFailed(src) ? 1 : 0);
  const [index, setIndex] = useState(firstCandidate);
  // A new item restarts at its first candidate.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the item changes
  useEffect(() => setIndex(firstCandidate()), [src, itemId]);
  const current = candidates[index];
  if (!current) {
    return (
      <svg
        className={`item-image item-image--blank ${className ?? ''}`}
        viewBox="0 0 64 40"
        role="img"
        aria-label={alt}
      >
        <path d="M4 22h30l4-5h14l4 3h4v5h-7l-3 3H34l-4 7h-9l2-7H4z" fill="currentColor" opacity=".35" />
      </svg>
    );
  }
  return (
    <img
      className={`item-image ${className ?? ''}`}
      src={current}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      draggable={false}
      onError={() => {
        if (index === 0) noteFailedHost(src);
        setIndex((i) => i + 1);
      }}
    />
  );
}
