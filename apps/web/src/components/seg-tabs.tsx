import type { ReactNode } from 'react';

/**
 * A row of segmented tabs that filter what is below them (record pages: currency, order status).
 * `value` undefined is a real choice (usually "all"), so options carry their own key.
 */
export function SegTabs<T>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { key: string; value: T; text: ReactNode }[];
  value: T;
  onChange: (next: T) => void;
}) {
  return (
    <div className="seg-tabs" role="tablist" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className={`seg-tabs__tab ${o.value === value ? 'is-active' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {o.text}
        </button>
      ))}
    </div>
  );
}
