import { COOL_OFF_DAYS, SELF_EXCLUDE_MONTHS } from '@kaixiang/shared/protection';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { IconShield } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { type ProtectionSnapshot, useCoolOff, useSelfExclude } from '../api/protection.ts';
import { momentText } from '../format.ts';

/** A break from play: a cool-off counted in days, or a self-exclusion counted in months. */
export type BreakKind = 'coolOff' | 'exclude';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a break of `length` chosen at `nowMs` would end (months on the calendar, as the server counts). */
export function breakEndsAt(kind: BreakKind, length: number, nowMs: number): number {
  if (kind === 'coolOff') return nowMs + length * DAY_MS;
  const end = new Date(nowMs);
  end.setUTCMonth(end.getUTCMonth() + length);
  return end.getTime();
}

/** The lengths a player may still pick: all of them, or while one runs, those that end later. */
export function lengthsLeft(kind: BreakKind, until: number | null, nowMs: number): number[] {
  const all: readonly number[] = kind === 'coolOff' ? COOL_OFF_DAYS : SELF_EXCLUDE_MONTHS;
  return until === null ? [...all] : all.filter((n) => breakEndsAt(kind, n, nowMs) > until);
}

/**
 * Cool-off or self-exclusion (issue 24 §2): pick a length, confirm that it cannot be undone, and
 * play and recharge stop until it ends. While one runs, its end is what the card shows first;
 * a longer one can still be chosen. A self-exclusion asks for a ticked box as well: it is long,
 * and it reaches every account under the player's real-name ID.
 */
export function BreakCard({ kind, view }: { kind: BreakKind; view: ProtectionSnapshot }) {
  const { t, i18n } = useTranslation();
  const coolOff = useCoolOff();
  const exclude = useSelfExclude();
  const until = kind === 'coolOff' ? view.cool_off_until : view.excluded_until;
  const active = until !== null && until > view.now;
  const lengths = lengthsLeft(kind, active ? until : null, view.now);
  const [picked, setPicked] = useState<number | null>(null);
  const length = picked !== null && lengths.includes(picked) ? picked : (lengths[0] ?? null);
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const unit = kind === 'coolOff' ? 'days' : 'months';
  const pending = coolOff.isPending || exclude.isPending;
  const error = kind === 'coolOff' ? coolOff.error : exclude.error;

  function close() {
    setConfirming(false);
    setUnderstood(false);
  }

  function start() {
    if (length === null) return;
    const done = { onSettled: close };
    if (kind === 'coolOff') coolOff.mutate({ days: length }, done);
    else exclude.mutate({ months: length }, done);
  }

  return (
    <section
      className={`panel protection-card protection-break${active ? ' is-active' : ''}`}
      aria-label={t(`protection.${kind}.title`)}
    >
      <h2 className="protection-card__title">{t(`protection.${kind}.title`)}</h2>
      {active && (
        <p className="protection-break__until" role="status">
          <IconShield size={18} />
          {t(`protection.${kind}.active`, { time: momentText(until, i18n.language) })}
        </p>
      )}
      <p className="protection-card__hint">{t(`protection.${kind}.note`)}</p>
      {length !== null && (
        <>
          {active && <p className="protection-card__hint">{t(`protection.${kind}.longer`)}</p>}
          <div className="protection-card__row">
            <div className="auth-field protection-select">
              <select
                className="auth-field__input auth-field__select"
                aria-label={t(`protection.${kind}.label`)}
                value={length}
                onChange={(e) => setPicked(Number(e.target.value))}
              >
                {lengths.map((n) => (
                  <option key={n} value={n}>
                    {t(`protection.${kind}.${unit}.${n}`)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="button button--danger"
              disabled={pending}
              onClick={() => setConfirming(true)}
            >
              {t(`protection.${kind}.start`)}
            </button>
          </div>
        </>
      )}
      {error && !confirming && (
        <p className="protection__error" role="alert">
          {error.message || t('protection.failed')}
        </p>
      )}
      <Dialog
        open={confirming && length !== null}
        onClose={close}
        size="sm"
        title={t(`protection.${kind}.confirmTitle`)}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={close}>
              {t('protection.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={pending || (kind === 'exclude' && !understood)}
              onClick={start}
            >
              {pending && <Spinner size={14} />}
              {t(`protection.${kind}.confirm`)}
            </button>
          </>
        }
      >
        <p className="protection-confirm__text">
          {t(`protection.${kind}.confirmText`, { length: t(`protection.${kind}.${unit}.${length}`) })}
        </p>
        {kind === 'exclude' && (
          <label className="protection-confirm__check">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
            {t('protection.exclude.check')}
          </label>
        )}
      </Dialog>
    </section>
  );
}
