import { formatUnits } from '@kaixiang/shared/money';
import { dateTimeFormat, TO_THE_MINUTE } from '../../i18n/formats.ts';

/** An amount of coin units as the player reads it: ¥12.34, and -¥12.34 for a net win. */
export function yuanText(units: number): string {
  return units < 0 ? `-¥${formatUnits(-units)}` : `¥${formatUnits(units)}`;
}

/** A moment to the minute in the player's language and time zone (an end of a break, a raise's start). */
export function momentText(ms: number, locale: string): string {
  return dateTimeFormat(locale, TO_THE_MINUTE).format(ms);
}

/** Whole hours and minutes of a stretch of play, for the reminder ("1 小时 5 分钟"). */
export function playedParts(ms: number): { h: number; m: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}
