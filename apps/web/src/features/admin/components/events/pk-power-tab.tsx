import type { AdminPkPowerEvent } from '@kaixiang/shared/boards';
import { BOARD_MAX_PRIZES } from '@kaixiang/shared/boards';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localInput } from '../../format.ts';
import { InputField, QueryTable } from '../console-form.tsx';
import { useRuleText, windowText } from '../promotions/promotion-bits.tsx';
import { intOf, msOf } from '../promotions/promotions-api.ts';
import { useCreatePkPowerEvent, usePkPowerEvents, useUpdatePkPowerEvent } from './events-api.ts';
import {
  FormDialog,
  LocalisedInputs,
  localisedFields,
  localisedOf,
  nameIn,
  PrizeList,
  StateTag,
  TabToolbar,
} from './events-bits.tsx';
import { PrizeRows, prizeRowsOf, prizesOf } from './prize-rows.tsx';

const TITLE_MAX = 60;
/** The API's bound on the power one battle earns (boards.ts). */
const POWER_MAX = 1_000_000;
const DAY = 86_400_000;

/**
 * Create or edit a PK power activity (admin/v1/boards/pk-power/create, update). What may change
 * once it runs (titles, prizes, a later end) is the server's rule: its refusal is shown as it words it.
 */
function PkPowerDialog({ event, onClose }: { event: AdminPkPowerEvent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const create = useCreatePkPowerEvent();
  const update = useUpdatePkPowerEvent();
  const send = event ? update : create;
  const [titles, setTitles] = useState(() => localisedOf(event, 'title'));
  const [start, setStart] = useState(() => localInput(event?.starts_at ?? Date.now() + DAY));
  const [end, setEnd] = useState(() => localInput(event?.ends_at ?? Date.now() + 8 * DAY));
  const [createPower, setCreatePower] = useState(String(event?.create_power ?? 1));
  const [winPower, setWinPower] = useState(String(event?.win_power ?? 2));
  const [rows, setRows] = useState(() => prizeRowsOf(event?.prizes ?? []));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const startMs = msOf(start);
    const endMs = msOf(end);
    const created = intOf(createPower);
    const won = intOf(winPower);
    const prizes = prizesOf(rows);
    const powerBad = (n: number | null) => n === null || n < 0 || n > POWER_MAX;
    let broken: string | null = null;
    if (!titles.zh_cn.trim()) broken = t('adminEvents.titleProblem');
    else if (startMs === null || endMs === null || startMs >= endMs) broken = rule('PK_POWER_EVENT_TIME_INVALID');
    else if (powerBad(created) || powerBad(won))
      broken = t('adminEvents.pkPower.form.powerProblem', { max: POWER_MAX });
    else if (typeof prizes === 'number') broken = t('adminEvents.prizeProblem', { n: prizes });
    setProblem(broken);
    if (broken || startMs === null || endMs === null || created === null || won === null) return;
    if (typeof prizes === 'number') return;
    const body = {
      ...localisedFields('title', titles),
      starts_at: startMs,
      ends_at: endMs,
      create_power: created,
      win_power: won,
      prizes,
      reason: reason.trim(),
    };
    if (event) update.mutate({ id: event.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={event ? t('adminEvents.pkPower.form.editTitle', { id: event.id }) : t('adminEvents.pkPower.form.newTitle')}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      <div className="adm-events__row">
        <LocalisedInputs
          label={(lang) => t('adminEvents.titleIn', { lang })}
          maxLength={TITLE_MAX}
          value={titles}
          onValue={setTitles}
        />
      </div>
      <div className="adm-events__row">
        <InputField label={t('adminEvents.start')} type="datetime-local" value={start} onValue={setStart} />
        <InputField label={t('adminEvents.end')} type="datetime-local" value={end} onValue={setEnd} />
        <InputField
          label={t('adminEvents.pkPower.form.createPower')}
          inputMode="numeric"
          value={createPower}
          onValue={setCreatePower}
        />
        <InputField
          label={t('adminEvents.pkPower.form.winPower')}
          inputMode="numeric"
          value={winPower}
          onValue={setWinPower}
        />
      </div>
      <fieldset className="adm-events__fieldset">
        <legend>{t('adminEvents.prizesLegend', { max: BOARD_MAX_PRIZES })}</legend>
        <PrizeRows rows={rows} setRows={setRows} />
      </fieldset>
    </FormDialog>
  );
}

/** The PK power tab: every activity, its window, powers, prizes, state and players; create and edit. */
export function PkPowerTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const events = usePkPowerEvents();
  const [editing, setEditing] = useState<AdminPkPowerEvent | 'new' | null>(null);
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminEvents.pkPower.title')}
        createText={t('adminEvents.pkPower.create')}
        onCreate={() => setEditing('new')}
      />
      <QueryTable
        query={events}
        failedTitle={t('adminEvents.loadFailed')}
        emptyTitle={t('adminEvents.pkPower.empty')}
        columns={[
          t('adminEvents.col.id'),
          t('adminEvents.col.title'),
          t('adminEvents.col.window'),
          t('adminEvents.pkPower.col.powers'),
          t('adminEvents.col.prizes'),
          t('adminEvents.col.state'),
          t('adminEvents.pkPower.col.players'),
          t('adminEvents.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((e) => (
            <tr key={e.id} className="adm-table__row">
              <td className="adm-table__mono">{e.id}</td>
              <td>
                {nameIn(localisedOf(e, 'title'), locale)}
                <br />
                <span className="adm-table__muted">
                  {[e.title_zh_cn, e.title_zh_tw, e.title_en].filter(Boolean).join(' / ')}
                </span>
              </td>
              <td className="adm-table__time">{windowText(e.starts_at, e.ends_at)}</td>
              <td>{t('adminEvents.pkPower.powers', { create: e.create_power, win: e.win_power })}</td>
              <td>
                <PrizeList prizes={e.prizes} />
              </td>
              <td>
                <StateTag state={e.state} />
                {e.state === 'ended' && (
                  <>
                    <br />
                    <span className="adm-table__muted">
                      {t(e.closed ? 'adminEvents.pkPower.closed' : 'adminEvents.pkPower.closing')}
                    </span>
                  </>
                )}
              </td>
              <td>{e.players}</td>
              <td className="adm-events__actions">
                {e.state !== 'ended' && (
                  <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(e)}>
                    {t('adminEvents.edit')}
                  </button>
                )}
              </td>
            </tr>
          ))
        }
      />
      {editing && <PkPowerDialog event={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
