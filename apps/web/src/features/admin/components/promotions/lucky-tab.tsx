import {
  type AdminLuckyWindow,
  LUCKY_AWARD_MAX_UNITS,
  LUCKY_AWARD_MIN_UNITS,
  LUCKY_AWARD_STEP_UNITS,
  LUCKY_ODDS,
  LUCKY_WINDOW_MAX_MS,
} from '@kaixiang/shared/lucky';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { localInput, unitsOf } from '../../format.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { InputField, QueryTable } from '../console-form.tsx';
import { FormDialog, StateTag, TabToolbar, useRuleText, windowText } from './promotion-bits.tsx';
import {
  msOf,
  useCancelLuckyWindow,
  useLuckyWindows,
  useScheduleLuckyWindow,
  useUpdateLuckyWindow,
  yuanText,
} from './promotions-api.ts';

/** The server lets a new window start this much before its now (a form that picked "now"). */
const START_SLACK_MS = 60_000;

/** The API's rules (lucky.admin.ts windowProblem), checked before sending: the first broken one. */
function windowRule(start: number, end: number, award: number, running: boolean, nowMs: number) {
  if (award < LUCKY_AWARD_MIN_UNITS || award > LUCKY_AWARD_MAX_UNITS || award % LUCKY_AWARD_STEP_UNITS !== 0) {
    return 'LUCKY_AWARD_INVALID' as const;
  }
  if (!running && start < nowMs - START_SLACK_MS) return 'LUCKY_WINDOW_INVALID' as const;
  if (end <= start || end <= nowMs || end - start > LUCKY_WINDOW_MAX_MS) return 'LUCKY_WINDOW_INVALID' as const;
  return null;
}

/** Schedule a window (POST admin/v1/lucky/windows) or change one that has not ended. */
function WindowDialog({ window: w, onClose }: { window: AdminLuckyWindow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const schedule = useScheduleLuckyWindow();
  const update = useUpdateLuckyWindow();
  const send = w ? update : schedule;
  // A running window's openings were rolled under its start: the start stays exactly as stored.
  const running = w?.status === 'running';
  const [start, setStart] = useState(() => localInput(w?.start_time ?? Date.now() + 3_600_000));
  const [end, setEnd] = useState(() => localInput(w?.end_time ?? Date.now() + 25 * 3_600_000));
  const [award, setAward] = useState(w ? yuanText(w.award) : '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const awardUnits = unitsOf(award);

  function submit(e: FormEvent) {
    e.preventDefault();
    const startMs = running && w ? w.start_time : msOf(start);
    const endMs = msOf(end);
    if (awardUnits === null) return setProblem(rule('LUCKY_AWARD_INVALID'));
    if (startMs === null || endMs === null) return setProblem(rule('LUCKY_WINDOW_INVALID'));
    const broken = rule(windowRule(startMs, endMs, awardUnits, running, Date.now()));
    setProblem(broken);
    if (broken) return;
    const body = { start_time: startMs, end_time: endMs, award: awardUnits, reason: reason.trim() };
    if (w) update.mutate({ id: w.id, ...body }, { onSuccess: onClose });
    else schedule.mutate(body, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={w ? t('adminPromotions.lucky.form.editTitle', { id: w.id }) : t('adminPromotions.lucky.form.newTitle')}
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      <div className="adm-promotions__row">
        <InputField
          label={t('adminPromotions.lucky.form.start')}
          type="datetime-local"
          value={start}
          disabled={running}
          onValue={setStart}
        />
        <InputField label={t('adminPromotions.lucky.form.end')} type="datetime-local" value={end} onValue={setEnd} />
        <InputField
          label={t('adminPromotions.lucky.form.award')}
          inputMode="decimal"
          value={award}
          onValue={setAward}
        />
      </div>
      {awardUnits !== null && awardUnits > 0 && (
        <p className="adm-table__muted">
          {t('adminPromotions.lucky.form.expected', { odds: LUCKY_ODDS })}{' '}
          <Price units={Math.floor(awardUnits / LUCKY_ODDS)} />
        </p>
      )}
    </FormDialog>
  );
}

/** The lucky player tab: every window, latest first, with what it paid; schedule, change, cancel. */
export function LuckyTab() {
  const { t } = useTranslation();
  const windows = useLuckyWindows();
  const cancel = useCancelLuckyWindow();
  const [editing, setEditing] = useState<AdminLuckyWindow | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<AdminLuckyWindow | null>(null);
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.lucky.title', { odds: LUCKY_ODDS })}
        createText={t('adminPromotions.lucky.create')}
        onCreate={() => setEditing('new')}
      />
      <QueryTable
        query={windows}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.lucky.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.lucky.col.window'),
          t('adminPromotions.col.state'),
          t('adminPromotions.lucky.col.award'),
          t('adminPromotions.lucky.col.expected'),
          t('adminPromotions.lucky.col.lucky'),
          t('adminPromotions.lucky.col.paid'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((w) => (
            <tr key={w.id} className="adm-table__row">
              <td className="adm-table__mono">{w.id}</td>
              <td className="adm-table__time">{windowText(w.start_time, w.end_time)}</td>
              <td>
                <StateTag state={w.status} />
              </td>
              <td>
                <Price units={w.award} />
              </td>
              <td>
                <Price units={Math.floor(w.expected_units_per_opening)} />
              </td>
              <td>{w.lucky_count}</td>
              <td>
                <Price units={w.paid_units} />
              </td>
              <td className="adm-promotions__actions">
                {(w.status === 'scheduled' || w.status === 'running') && (
                  <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(w)}>
                    {t('adminPromotions.edit')}
                  </button>
                )}
                {w.status === 'scheduled' && (
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    onClick={() => {
                      cancel.reset();
                      setCancelling(w);
                    }}
                  >
                    {t('adminPromotions.lucky.cancel')}
                  </button>
                )}
              </td>
            </tr>
          ))
        }
      />
      {editing && <WindowDialog window={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {cancelling && (
        <ReasonDialog
          title={t('adminPromotions.lucky.cancelTitle', { id: cancelling.id })}
          hint={t('adminPromotions.lucky.cancelHint', {
            window: windowText(cancelling.start_time, cancelling.end_time),
          })}
          submitText={t('adminPromotions.lucky.cancelConfirm')}
          busy={cancel.isPending}
          error={cancel.error}
          onClose={() => setCancelling(null)}
          onSubmit={(reason) => cancel.mutate({ id: cancelling.id, reason }, { onSuccess: () => setCancelling(null) })}
        />
      )}
    </div>
  );
}
