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
import { Dialog } from '../../../../components/dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { Field, FormActions, FormProblem, StateTag, TabToolbar, useRuleText, windowText } from './promotion-bits.tsx';
import {
  localInput,
  msOf,
  unitsOf,
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
    <Dialog
      open
      onClose={onClose}
      title={w ? t('adminPromotions.lucky.form.editTitle', { id: w.id }) : t('adminPromotions.lucky.form.newTitle')}
    >
      <form className="adm-form adm-promotions__form" onSubmit={submit} noValidate>
        <div className="adm-promotions__row">
          <Field label={t('adminPromotions.lucky.form.start')}>
            <input
              className="adm-input"
              type="datetime-local"
              value={start}
              disabled={running}
              onChange={(e) => setStart(e.target.value)}
            />
          </Field>
          <Field label={t('adminPromotions.lucky.form.end')}>
            <input className="adm-input" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
          </Field>
          <Field label={t('adminPromotions.lucky.form.award')}>
            <input className="adm-input" inputMode="decimal" value={award} onChange={(e) => setAward(e.target.value)} />
          </Field>
        </div>
        {awardUnits !== null && awardUnits > 0 && (
          <p className="adm-table__muted">
            {t('adminPromotions.lucky.form.expected', { odds: LUCKY_ODDS })}{' '}
            <Price units={Math.floor(awardUnits / LUCKY_ODDS)} />
          </p>
        )}
        <Field label={t('adminPromotions.reasonOptional')}>
          <textarea className="adm-input" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <FormProblem problem={problem} error={send.error} />
        <FormActions busy={send.isPending} submitText={t('adminPromotions.save')} onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** The lucky player tab: every window, latest first, with what it paid; schedule, change, cancel. */
export function LuckyTab() {
  const { t } = useTranslation();
  const windows = useLuckyWindows();
  const cancel = useCancelLuckyWindow();
  const [editing, setEditing] = useState<AdminLuckyWindow | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<AdminLuckyWindow | null>(null);
  const list = windows.data?.list ?? [];
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.lucky.title', { odds: LUCKY_ODDS })}
        createText={t('adminPromotions.lucky.create')}
        onCreate={() => setEditing('new')}
      />
      {!windows.data ? (
        <QueryFallback query={windows} failedTitle={t('adminPromotions.loadFailed')} />
      ) : list.length === 0 ? (
        <EmptyState compact title={t('adminPromotions.lucky.empty')} />
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('adminPromotions.col.id')}</th>
                <th scope="col">{t('adminPromotions.lucky.col.window')}</th>
                <th scope="col">{t('adminPromotions.col.state')}</th>
                <th scope="col">{t('adminPromotions.lucky.col.award')}</th>
                <th scope="col">{t('adminPromotions.lucky.col.expected')}</th>
                <th scope="col">{t('adminPromotions.lucky.col.lucky')}</th>
                <th scope="col">{t('adminPromotions.lucky.col.paid')}</th>
                <th scope="col">{t('adminPromotions.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((w) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
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
