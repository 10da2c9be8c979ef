import type { RainSchedule, RainTimingInput } from '@kaixiang/shared/rain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../../components/pager.tsx';
import { Price } from '../../../../components/price.tsx';
import { PATHS } from '../../../../lib/paths.ts';
import { localDateTime } from '../../format.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { QueryTable } from '../console-form.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { StateTag, TabToolbar, windowText } from './promotion-bits.tsx';
import {
  RAIN_ROUNDS_PAGE,
  useCancelRainRound,
  useEnableRainSchedule,
  useRainNextRound,
  useRainRounds,
  useRainSchedules,
} from './promotions-api.ts';
import { ScheduleDialog } from './rain-schedule-dialog.tsx';

function TimingText({ timing }: { timing: RainTimingInput }) {
  const { t } = useTranslation();
  switch (timing.kind) {
    case 'once':
      return <>{t('adminPromotions.rain.timing.onceText', { window: windowText(timing.start_at, timing.end_at) })}</>;
    case 'daily':
      return (
        <>
          {t('adminPromotions.rain.timing.dailyText', {
            times: timing.times.join(', '),
            seconds: timing.duration_seconds,
          })}
        </>
      );
    case 'every':
      return (
        <>
          {t('adminPromotions.rain.timing.everyText', {
            every: timing.every_seconds,
            seconds: timing.duration_seconds,
            from: localDateTime(timing.anchor_at),
          })}
        </>
      );
  }
}

/** The next round (made a few minutes ahead) and, while it has not opened, its cancel. */
function NextRound() {
  const { t } = useTranslation();
  const info = useRainNextRound();
  const cancel = useCancelRainRound();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const round = info.data?.round ?? null;
  const open = round !== null && info.data !== undefined && round.start_time <= info.data.system_time;
  return (
    <div className="adm-card adm-card--pad adm-promotions__round">
      <h3 className="adm-card__title">{t('adminPromotions.rain.round.title')}</h3>
      {done !== null && (
        <p className="adm-notice adm-notice--ok" role="status">
          {t('adminPromotions.rain.round.cancelled', { id: done })}
        </p>
      )}
      {!info.data ? (
        <QueryFallback query={info} failedTitle={t('adminPromotions.loadFailed')} />
      ) : round === null ? (
        <p className="adm-table__muted">{t('adminPromotions.rain.round.none')}</p>
      ) : (
        <div className="adm-promotions__round-line">
          <span className="adm-table__mono">#{round.round_id}</span>
          <span>{windowText(round.start_time, round.end_time)}</span>
          <span>{t('adminPromotions.rain.round.packets', { count: round.count, remaining: round.remaining })}</span>
          <Price units={round.pool} />
          <StateTag state={open ? 'running' : 'upcoming'} />
          {!open && (
            <button
              type="button"
              className="button button--ghost button--sm"
              onClick={() => {
                cancel.reset();
                setDone(null);
                setAsking(true);
              }}
            >
              {t('adminPromotions.rain.round.cancel')}
            </button>
          )}
        </div>
      )}
      {asking && round && (
        <ReasonDialog
          title={t('adminPromotions.rain.round.cancelTitle', { id: round.round_id })}
          hint={t('adminPromotions.rain.round.cancelHint', { window: windowText(round.start_time, round.end_time) })}
          submitText={t('adminPromotions.rain.round.cancelConfirm')}
          busy={cancel.isPending}
          error={cancel.error}
          onClose={() => setAsking(false)}
          onSubmit={(reason) =>
            cancel.mutate(
              { round_id: round.round_id, reason },
              {
                onSuccess: () => {
                  setAsking(false);
                  setDone(round.round_id);
                },
              },
            )
          }
        />
      )}
    </div>
  );
}

/** Every round made, newest first: its window, state, packets and what was grabbed, and its fairness page. */
function PastRounds() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const rounds = useRainRounds(page);
  return (
    <div className="adm-card">
      <h2 className="adm-card__title">{t('adminPromotions.rain.rounds.title')}</h2>
      <QueryTable
        query={rounds}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.rain.rounds.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.rain.col.title'),
          t('adminPromotions.rain.rounds.window'),
          t('adminPromotions.col.state'),
          t('adminPromotions.rain.rounds.grabbed'),
          t('adminPromotions.rain.rounds.paid'),
          '',
        ]}
        rows={(data) =>
          data.list.map((r) => (
            <tr key={r.round_id} className="adm-table__row">
              <td className="adm-table__mono">{r.round_id}</td>
              <td>
                {r.title} <span className="adm-table__muted">#{r.schedule_id}</span>
              </td>
              <td className="adm-table__time">{windowText(r.start_time, r.end_time)}</td>
              <td>
                <StateTag state={r.state} />
              </td>
              <td>{t('adminPromotions.rain.rounds.grabbedOf', { grabbed: r.grabbed, packets: r.packets })}</td>
              <td>
                <Price units={r.paid} />
                {r.packets > 0 && (
                  <span className="adm-table__muted">
                    {' / '}
                    <Price units={r.pool} />
                  </span>
                )}
              </td>
              <td>
                {r.state === 'ended' && (
                  <a href={`${PATHS.fairness}?rain=${r.round_id}`} target="_blank" rel="noreferrer">
                    {t('adminPromotions.rain.rounds.verify')}
                  </a>
                )}
              </td>
            </tr>
          ))
        }
        after={(data) => <Pager page={page} pageSize={RAIN_ROUNDS_PAGE} total={data.total} onPage={setPage} />}
      />
    </div>
  );
}

/** The rain tab: the schedules with their next windows, the next round, and their changes. */
export function RainTab() {
  const { t } = useTranslation();
  const schedules = useRainSchedules();
  const toggle = useEnableRainSchedule();
  const [editing, setEditing] = useState<RainSchedule | 'new' | null>(null);
  const [toggling, setToggling] = useState<RainSchedule | null>(null);
  return (
    <>
      <NextRound />
      <div className="adm-card">
        <TabToolbar
          title={t('adminPromotions.rain.title')}
          createText={t('adminPromotions.rain.create')}
          onCreate={() => setEditing('new')}
        />
        <QueryTable
          query={schedules}
          failedTitle={t('adminPromotions.loadFailed')}
          emptyTitle={t('adminPromotions.rain.empty')}
          columns={[
            t('adminPromotions.col.id'),
            t('adminPromotions.rain.col.title'),
            t('adminPromotions.col.state'),
            t('adminPromotions.rain.col.timing'),
            t('adminPromotions.rain.col.pool'),
            t('adminPromotions.rain.col.conditions'),
            t('adminPromotions.rain.col.next'),
            t('adminPromotions.col.actions'),
          ]}
          rows={(data) =>
            data.list.map((s) => (
              <tr key={s.id} className="adm-table__row">
                <td className="adm-table__mono">{s.id}</td>
                <td>{s.title}</td>
                <td>
                  <StateTag state={s.enabled ? 'enabled' : 'disabled'} />
                </td>
                <td>
                  <TimingText timing={s.timing} />
                </td>
                <td>
                  <Price units={s.pool} />
                  <br />
                  <span className="adm-table__muted">
                    {t('adminPromotions.rain.packetsOf', { count: s.count })} · {t('adminPromotions.rain.minPacket')}{' '}
                    <Price units={s.min_packet} />
                  </span>
                </td>
                <td>
                  {t('adminPromotions.rain.conditions', {
                    vip: s.conditions.min_vip_level,
                    days: s.conditions.recharge_days,
                  })}
                </td>
                <td className="adm-table__time">
                  <ul className="adm-promotions__windows">
                    {s.next_windows.map((w) => (
                      <li key={w.start_time}>{windowText(w.start_time, w.end_time)}</li>
                    ))}
                  </ul>
                </td>
                <td className="adm-promotions__actions">
                  <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(s)}>
                    {t('adminPromotions.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    onClick={() => {
                      toggle.reset();
                      setToggling(s);
                    }}
                  >
                    {t(s.enabled ? 'adminPromotions.rain.disable' : 'adminPromotions.rain.enable')}
                  </button>
                </td>
              </tr>
            ))
          }
        />
      </div>
      <PastRounds />
      {editing && <ScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {toggling && (
        <ReasonDialog
          title={t(toggling.enabled ? 'adminPromotions.rain.disableTitle' : 'adminPromotions.rain.enableTitle', {
            title: toggling.title,
          })}
          hint={t(toggling.enabled ? 'adminPromotions.rain.disableHint' : 'adminPromotions.rain.enableHint')}
          submitText={t(toggling.enabled ? 'adminPromotions.rain.disable' : 'adminPromotions.rain.enable')}
          busy={toggle.isPending}
          error={toggle.error}
          onClose={() => setToggling(null)}
          onSubmit={(reason) =>
            toggle.mutate(
              { id: toggling.id, enabled: !toggling.enabled, reason },
              { onSuccess: () => setToggling(null) },
            )
          }
        />
      )}
    </>
  );
}
