import { useEffect, useRef } from 'react';

export const TOTP_DIGITS = 6;

/**
 * The authenticator's six digits: one field (a paste or the phone's one-time-code suggestion fills
 * it at once), digits only, focused when it appears since it is the only thing to do on its screen.
 */
export function CodeInput({
  id,
  label,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (digits: string) => void;
  invalid?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        className="adm-input adm-code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={TOTP_DIGITS}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, TOTP_DIGITS))}
      />
    </div>
  );
}

/** A recovery code as typed: the server ignores case and dashes, the field only trims the ends. */
export function RecoveryCodeInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        className="adm-input adm-code-input adm-code-input--recovery"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={32}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
