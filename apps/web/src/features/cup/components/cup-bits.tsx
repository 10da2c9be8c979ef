import type { CupPick } from '@kaixiang/shared/cup';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, TO_THE_MINUTE } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';

/** Odds in basis points as a bookmaker writes them: 23500 → "2.35". */
export function oddsText(bp: number): string {
  return (bp / 10_000).toFixed(2);
}

/** A flag is an image address, an emoji, or nothing. */
export function Flag({ flag, name }: { flag: string; name: string }) {
  if (!flag) return null;
  if (/^(https?:)?\/\//.test(flag) || flag.startsWith('/')) {
    return <img className="cup-flag cup-flag--img" src={flag} alt={name} />;
  }
  return (
    <span className="cup-flag" aria-hidden="true">
      {flag}
    </span>
  );
}

export function usePickText() {
  const { t } = useTranslation();
  return (pick: CupPick | 'void') => (pick === 'void' ? t('cup.fixtures.state.void') : t(`cup.pick.${pick}`));
}

/** Times as the reader's clock shows them: "2026/06/12 03:00". */
export function useTimeText() {
  const locale = useLocale();
  return {
    day: (ms: number) =>
      dateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' }).format(ms),
    clock: (ms: number) => dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(ms),
    full: (ms: number) => dateTimeFormat(locale, TO_THE_MINUTE).format(ms),
  };
}

/** The local calendar day of a moment, to group fixtures by. */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}
