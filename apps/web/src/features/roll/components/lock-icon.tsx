/** The padlock of a room with a password (an SVG: not every system has an emoji font). */
export function LockIcon({ label }: { label: string }) {
  return (
    <svg className="roll-lock" role="img" aria-label={label} viewBox="0 0 16 16" width="14" height="14">
      <title>{label}</title>
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
