/** A small red envelope (the badge, the falling packets): drawn here, no copied assets. */
export function EnvelopeIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 52" aria-hidden="true">
      <rect x="2" y="2" width="36" height="48" rx="5" fill="#d8322f" />
      <path d="M2 7 Q2 2 7 2 L33 2 Q38 2 38 7 L38 14 Q20 30 2 14 Z" fill="#e64a3f" />
      <circle cx="20" cy="20" r="6" fill="#f2c14e" stroke="#c9902c" strokeWidth="1.5" />
    </svg>
  );
}
