import { FallbackImage } from '../../../components/fallback-image.tsx';

/** A drawn crate under every box picture: a missing image still looks like a box. */
function BoxArt({ className }: { className?: string }) {
  return (
    <svg className={`box-art ${className ?? ''}`} viewBox="0 0 120 100" aria-hidden="true">
      <defs>
        <linearGradient id="box-art-lid" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd35c" />
          <stop offset="1" stopColor="#ff7a18" />
        </linearGradient>
      </defs>
      <ellipse cx="60" cy="90" rx="42" ry="6" fill="#000" opacity=".35" />
      <path d="M18 40 60 24l42 16v36L60 92 18 76z" fill="#1c2340" />
      <path d="M18 40v36l42 16V56z" fill="#232b4d" />
      <path d="M102 40v36L60 92V56z" fill="#161c33" />
      <path d="M18 40 60 24l42 16-42 16z" fill="url(#box-art-lid)" opacity=".9" />
      <path d="M39 32 81 48v12l-6-2V50L33 34z" fill="#1d1203" opacity=".35" />
      <path d="M18 40v36l42 16 42-16V40" fill="none" stroke="#ffb627" strokeOpacity=".5" strokeWidth="1.5" />
      <circle cx="60" cy="70" r="5" fill="#ffb627" opacity=".8" />
    </svg>
  );
}

export function BoxImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return (
    <span className={`box-image ${className ?? ''}`}>
      <FallbackImage src={src} alt={alt} className="box-image__img" fallback={<BoxArt />} />
    </span>
  );
}
