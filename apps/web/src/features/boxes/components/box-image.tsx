import { FallbackImage } from '../../../components/fallback-image.tsx';

/**
 * A box picture over a drawn crate (box-art.svg, a CSS background: one image for every card rather
 * than an inline SVG each), so a missing image still looks like a box.
 */
export function BoxImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  /** The picture a page is about (the box page's box): fetched at once, first. */
  priority?: boolean;
}) {
  return (
    <span className={`box-image ${className ?? ''}`}>
      <FallbackImage
        src={src}
        alt={alt}
        className="box-image__img"
        priority={priority}
        fallback={<span className="box-art" aria-hidden="true" />}
      />
    </span>
  );
}
