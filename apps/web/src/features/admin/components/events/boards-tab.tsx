import {
  BOARD_MAX_PRIZES,
  type BoardSetting,
  KING_BOARDS,
  PERIOD_KINDS,
  type PeriodBoard,
  type PeriodKind,
  ROYAL_BOARDS,
} from '@kaixiang/shared/boards';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../../components/pager.tsx';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { QueryTable } from '../console-form.tsx';
import { CLOSURES_PAGE, useBoardSettings, useClosures, useSaveBoardSettings } from './events-api.ts';
import { FormDialog, PrizeList, Score, StateTag, TabToolbar, useBoardName, usePeriodText } from './events-bits.tsx';
import { PrizeRows, prizeRowsOf, prizesOf } from './prize-rows.tsx';

/** Every calendar board's periods: the royal boards by day and week, the unpacking king by day only. */
const SLOTS: readonly { board: PeriodBoard; period: PeriodKind }[] = [
  ...ROYAL_BOARDS.flatMap((board) => PERIOD_KINDS.map((period) => ({ board, period }))),
  ...KING_BOARDS.map((board) => ({ board, period: 'day' as const })),
];

type Setting = BoardSetting & { updated_at: number | null };
const same = (a: { board: string; period: string }, b: { board: string; period: string }) =>
  a.board === b.board && a.period === b.period;

/**
 * One board's prizes for one period (admin/v1/boards/save-settings). The API replaces the whole
 * list: the others go back as the server sent them, so this dialog changes only the one it names.
 */
function SettingDialog({
  setting,
  saved,
  onClose,
}: {
  setting: Setting;
  saved: readonly BoardSetting[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const boardName = useBoardName();
  const save = useSaveBoardSettings();
  const [enabled, setEnabled] = useState(setting.enabled);
  const [rows, setRows] = useState(() => prizeRowsOf(setting.prizes));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = t('adminEvents.boards.slot', {
    board: boardName(setting.board),
    period: t(`adminEvents.period.${setting.period}`),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const prizes = prizesOf(rows);
    if (typeof prizes === 'number') {
      setProblem(t('adminEvents.prizeProblem', { n: prizes }));
      return;
    }
    setProblem(null);
    const mine: BoardSetting = { board: setting.board, period: setting.period, enabled, prizes };
    const others = saved.filter((s) => !same(s, setting));
    const list = SLOTS.flatMap((slot) => {
      if (same(slot, setting)) return [mine];
      const other = others.find((s) => same(s, slot));
      return other ? [{ board: other.board, period: other.period, enabled: other.enabled, prizes: other.prizes }] : [];
    });
    save.mutate({ list, reason: reason.trim() }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={t('adminEvents.boards.form.title', { name })}
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={save}
    >
      <label className="adm-events__check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('adminEvents.boards.form.enabled')}
      </label>
      <fieldset className="adm-events__fieldset">
        <legend>{t('adminEvents.prizesLegend', { max: BOARD_MAX_PRIZES })}</legend>
        <PrizeRows rows={rows} setRows={setRows} />
      </fieldset>
    </FormDialog>
  );
}

/** Every calendar board's period with its prizes, as saved; each changed on its own. */
function Settings() {
  const { t } = useTranslation();
  const boardName = useBoardName();
  const settings = useBoardSettings();
  const [editing, setEditing] = useState<Setting | null>(null);
  const saved = settings.data?.list ?? [];
  const slots = settings.data && {
    list: SLOTS.map(
      (slot): Setting => saved.find((s) => same(s, slot)) ?? { ...slot, enabled: false, prizes: [], updated_at: null },
    ),
  };
  return (
    <div className="adm-card">
      <TabToolbar title={t('adminEvents.boards.title')} />
      <p className="adm-events__note">{t('adminEvents.boards.hint')}</p>
      <QueryTable
        query={{ ...settings, data: slots || undefined }}
        failedTitle={t('adminEvents.loadFailed')}
        emptyTitle=""
        columns={[
          t('adminEvents.boards.col.board'),
          t('adminEvents.boards.col.period'),
          t('adminEvents.col.state'),
          t('adminEvents.boards.col.prizes'),
          t('adminEvents.boards.col.updated'),
          t('adminEvents.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((s) => (
            <tr key={`${s.board}:${s.period}`} className="adm-table__row">
              <td>{boardName(s.board)}</td>
              <td>{t(`adminEvents.period.${s.period}`)}</td>
              <td>
                <StateTag state={s.enabled ? 'enabled' : 'disabled'} />
              </td>
              <td>
                <PrizeList prizes={s.prizes} />
              </td>
              <td className="adm-table__time">{s.updated_at === null ? '—' : localDateTime(s.updated_at)}</td>
              <td className="adm-events__actions">
                <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(s)}>
                  {t('adminEvents.edit')}
                </button>
              </td>
            </tr>
          ))
        }
      />
      {editing && <SettingDialog setting={editing} saved={saved} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** The closed periods, newest first: what each paid, to whom. */
function Closures() {
  const { t } = useTranslation();
  const boardName = useBoardName();
  const periodText = usePeriodText();
  const [page, setPage] = useState(1);
  const closures = useClosures(page);
  return (
    <div className="adm-card">
      <h2 className="adm-card__title">{t('adminEvents.closures.title')}</h2>
      <QueryTable
        query={closures}
        failedTitle={t('adminEvents.loadFailed')}
        emptyTitle={t('adminEvents.closures.empty')}
        columns={[
          t('adminEvents.boards.col.board'),
          t('adminEvents.boards.col.period'),
          t('adminEvents.closures.col.closedAt'),
          t('adminEvents.closures.col.paid'),
        ]}
        rows={(data) =>
          data.list.map((c) => (
            <tr key={`${c.board}:${c.period_key}`} className="adm-table__row">
              <td>{boardName(c.board)}</td>
              <td>{periodText(c.period_key)}</td>
              <td className="adm-table__time">{localDateTime(c.closed_at)}</td>
              <td>
                {c.prizes.length === 0 ? (
                  <span className="adm-table__muted">{t('adminEvents.closures.nonePaid')}</span>
                ) : (
                  <ol className="adm-events__prizes">
                    {c.prizes.map((p) => (
                      <li key={p.rank}>
                        {t('adminEvents.closures.winner', { rank: p.rank, nick: p.nick_name, id: p.user_id })}{' '}
                        <Score board={c.board} score={p.score} /> → <Price units={p.prize} />
                      </li>
                    ))}
                  </ol>
                )}
              </td>
            </tr>
          ))
        }
        after={(data) => <Pager page={page} pageSize={CLOSURES_PAGE} total={data.total} onPage={setPage} />}
      />
    </div>
  );
}

/** The boards tab: the calendar boards' prizes, and what their closed periods paid. */
export function BoardsTab() {
  return (
    <>
      <Settings />
      <Closures />
    </>
  );
}
