import { FallbackImage } from '../../../components/fallback-image.tsx';

/**
 * A box picture over a drawn crate (box-art.svg, a CSS background: one image for every card rather
 * than an inline SVG each), so a missing image still looks like a box. `backup` is the box's own
 * drawing from the server (a crate coloured and marked after the case), shown when the picture
 * does not load, so that offline every case still looks like itself.
 */
export function BoxImage({
  src,
  backup,
  alt,
  className,
  priority = false,
}: {
  src: string;
  backup?: string;
  alt: string;
  className?: string;
  /** The picture a page is about (the box page's box): fetched at once, first. */
  priority?: boolean;
}) {
  return (
    <span className={`box-image ${className ?? ''}`}>
      <FallbackImage
        src={src}
        {...(backup ? { backup } : {})}
        alt={alt}
        className="box-image__img"
        priority={priority}
        fallback={<span className="box-art" aria-hidden="true" />}
      />
    </span>
  );
}
