import { SCORE_KINDS } from '@kaixiang/shared/boards';
import type { Locale } from '@kaixiang/shared/locale';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { InputField } from '../console-form.tsx';
import {
  FormDialog as PromotionsFormDialog,
  StateTag as PromotionsStateTag,
  TabToolbar as PromotionsToolbar,
  type TabToolbarProps,
} from '../promotions/promotion-bits.tsx';
import { oddsText } from './events-api.ts';

/** The three languages a title is kept in: the contract's suffix and the texts' name for it. */
export const LANGS = [
  ['zh_cn', 'zhCN'],
  ['zh_tw', 'zhTW'],
  ['en', 'en'],
] as const;
export type Lang = (typeof LANGS)[number][0];

/** A text kept in the three languages. */
export type Localised = Record<Lang, string>;

/** A row's text `<key>_zh_cn`, `<key>_zh_tw`, `<key>_en` (empty for a new row). */
export function localisedOf<K extends string>(row: Partial<Record<`${K}_${Lang}`, string>> | null, key: K): Localised {
  const of = (lang: Lang) => row?.[`${key}_${lang}` as `${K}_${Lang}`] ?? '';
  return { zh_cn: of('zh_cn'), zh_tw: of('zh_tw'), en: of('en') };
}

/** The same text as the contract's fields, trimmed. */
export function localisedFields<K extends string>(key: K, value: Localised): Record<`${K}_${Lang}`, string> {
  return Object.fromEntries(LANGS.map(([lang]) => [`${key}_${lang}`, value[lang].trim()])) as Record<
    `${K}_${Lang}`,
    string
  >;
}

/** A text kept in three languages, in the staff member's: the zh-CN one stands in for a missing one. */
export function nameIn(named: Localised, locale: Locale): string {
  if (locale === 'zh-TW') return named.zh_tw || named.zh_cn;
  if (locale === 'en-US') return named.en || named.zh_cn;
  return named.zh_cn;
}

/** One input per language of a text; `label` words each from the language's name. */
export function LocalisedInputs({
  label,
  maxLength,
  value,
  onValue,
}: {
  label: (lang: string) => string;
  maxLength: number;
  value: Localised;
  onValue: (value: Localised) => void;
}) {
  const { t } = useTranslation();
  return LANGS.map(([lang, name]) => (
    <InputField
      key={lang}
      label={label(t(`adminEvents.langs.${name}`))}
      maxLength={maxLength}
      value={value[lang]}
      onValue={(v) => onValue({ ...value, [lang]: v })}
    />
  ));
}

/** The Promotions section's pieces (promotion-bits.tsx), worded and styled by this screen. */
export const TabToolbar = (props: Omit<TabToolbarProps, 'className'>) => (
  <PromotionsToolbar {...props} className="adm-events__toolbar" />
);

export const StateTag = ({ state, textKey = 'adminEvents.state' }: { state: string; textKey?: string }) => (
  <PromotionsStateTag state={state} textKey={textKey} />
);

export const FormDialog = (props: Omit<ComponentProps<typeof PromotionsFormDialog>, 'textKey' | 'formClassName'>) => (
  <PromotionsFormDialog {...props} textKey="adminEvents" formClassName="adm-form adm-events__form" />
);

/** A board's name: the five calendar boards and PK power. */
export function useBoardName() {
  const { t } = useTranslation();
  return (board: string) => t(`adminEvents.board.${board}`, { defaultValue: board });
}

/** A period key as the operator reads it: 'd:2026-11-28' a day, 'w:2026-11-23' a week from that Monday, 'e:7' an activity. */
export function usePeriodText() {
  const { t } = useTranslation();
  return (key: string) => {
    const [kind, rest] = [key.slice(0, 2), key.slice(2)];
    if (kind === 'd:') return t('adminEvents.periodKey.day', { date: rest });
    if (kind === 'w:') return t('adminEvents.periodKey.week', { date: rest });
    if (kind === 'e:') return t('adminEvents.periodKey.event', { id: rest });
    return key;
  };
}

/** A board's score in its own unit (SCORE_KINDS): money, a multiple of the box price, or power. */
export function Score({ board, score }: { board: string; score: number }) {
  const { t } = useTranslation();
  const kind = SCORE_KINDS[board as keyof typeof SCORE_KINDS];
  if (kind === 'units') return <Price units={score} />;
  if (kind === 'bp') return <>{t('adminEvents.multiple', { multiple: oddsText(score) })}</>;
  return <>{t('adminEvents.points', { points: score })}</>;
}

/** Prizes by rank, as a short list; "no prizes" for none. */
export function PrizeList({ prizes }: { prizes: readonly number[] }) {
  const { t } = useTranslation();
  if (prizes.length === 0) return <span className="adm-table__muted">{t('adminEvents.noPrizes')}</span>;
  return (
    <ol className="adm-events__prizes">
      {prizes.map((units, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a rank is its place in the list.
        <li key={i}>
          {t('adminEvents.rank', { rank: i + 1 })} <Price units={units} />
        </li>
      ))}
    </ol>
  );
}
