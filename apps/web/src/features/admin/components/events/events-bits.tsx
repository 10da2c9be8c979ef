import { SCORE_KINDS } from '@kaixiang/shared/boards';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { Price } from '../../../../components/price.tsx';
import { Field, FormActions } from '../console-form.tsx';
import { FormProblem } from '../promotions/promotion-bits.tsx';
import { oddsText } from './events-api.ts';

/** The three languages a title is kept in: the contract's suffix and the texts' name for it. */
export const LANGS = [
  ['zh_cn', 'zhCN'],
  ['zh_tw', 'zhTW'],
  ['en', 'en'],
] as const;
export type Lang = (typeof LANGS)[number][0];

/** A tab's head: what it manages, and its creation button (none where the tab creates nothing). */
export function TabToolbar({
  title,
  createText,
  onCreate,
}: {
  title: string;
  createText?: string;
  onCreate?: () => void;
}) {
  return (
    <div className="adm-events__toolbar">
      <h2 className="adm-card__title">{title}</h2>
      {createText && onCreate && (
        <button type="button" className="button button--primary button--sm" onClick={onCreate}>
          {createText}
        </button>
      )}
    </div>
  );
}

const TAG_CLASS: Record<string, string> = {
  enabled: 'adm-tag--ok',
  running: 'adm-tag--ok',
  open: 'adm-tag--ok',
  upcoming: 'adm-tag--warn',
  draft: 'adm-tag--warn',
  started: 'adm-tag--warn',
  void: 'adm-tag--danger',
};

/** A row's state as a tag, worded by the screen's texts (`adminEvents.state.*`, or the given group). */
export function StateTag({ state, textKey = 'adminEvents.state' }: { state: string; textKey?: string }) {
  const { t } = useTranslation();
  return <span className={`adm-tag ${TAG_CLASS[state] ?? ''}`}>{t(`${textKey}.${state}`)}</span>;
}

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

/**
 * A form of this screen in a dialog: its fields, the reason the audit log keeps (optional), what is
 * wrong (the form's own check, else the server's refusal in its words), and the buttons.
 */
export function FormDialog({
  title,
  size,
  onSubmit,
  onClose,
  reason,
  onReason,
  problem,
  send,
  submitText,
  children,
}: {
  title: string;
  size?: 'sm' | 'lg';
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  reason: string;
  onReason: (reason: string) => void;
  problem: string | null;
  /** The mutation the form sends: its refusal is shown, and the submit waits while it runs. */
  send: { error: unknown; isPending: boolean };
  submitText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} size={size} title={title}>
      <form className="adm-form adm-events__form" onSubmit={onSubmit} noValidate>
        {children}
        <Field label={t('adminEvents.reasonOptional')}>
          <textarea className="adm-input" maxLength={200} value={reason} onChange={(e) => onReason(e.target.value)} />
        </Field>
        <FormProblem problem={problem} error={send.error} />
        <FormActions
          cancelText={t('adminEvents.cancel')}
          submitText={submitText ?? t('adminEvents.save')}
          disabled={send.isPending}
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}
