import { rainConditionsError, rainParamsError, rainTimingError } from '@kaixiang/game/rain';
import type { RainSchedule, RainScheduleInput, RainTimingInput } from '@kaixiang/shared/rain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localInput, unitsOf } from '../../format.ts';
import { Field, InputField } from '../console-form.tsx';
import { FormDialog, useRuleText } from './promotion-bits.tsx';
import { intOf, msOf, useSaveRainSchedule, yuanText } from './promotions-api.ts';

type Kind = RainTimingInput['kind'];
/** The form's timing fields, as typed. */
interface TimingDraft {
  kind: Kind;
  start: string;
  end: string;
  times: string;
  anchor: string;
  every: string;
  duration: string;
}

function draftOf(timing: RainTimingInput | null): TimingDraft {
  const now = Date.now() + 3_600_000;
  const draft: TimingDraft = {
    kind: timing?.kind ?? 'daily',
    start: localInput(now),
    end: localInput(now + 60_000),
    times: '20:00',
    anchor: localInput(now),
    every: '3600',
    duration: '60',
  };
  if (timing?.kind === 'once') return { ...draft, start: localInput(timing.start_at), end: localInput(timing.end_at) };
  if (timing?.kind === 'daily')
    return { ...draft, times: timing.times.join(', '), duration: String(timing.duration_seconds) };
  if (timing?.kind === 'every')
    return {
      ...draft,
      anchor: localInput(timing.anchor_at),
      every: String(timing.every_seconds),
      duration: String(timing.duration_seconds),
    };
  return draft;
}

/** The timing as the API takes it; null when a field is not a number or moment yet. */
function timingOf(d: TimingDraft): RainTimingInput | null {
  const duration = intOf(d.duration);
  if (d.kind === 'once') {
    const start = msOf(d.start);
    const end = msOf(d.end);
    return start === null || end === null ? null : { kind: 'once', start_at: start, end_at: end };
  }
  if (duration === null) return null;
  if (d.kind === 'daily') {
    const times = d.times
      .split(/[,，\s]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    return { kind: 'daily', times, duration_seconds: duration };
  }
  const anchor = msOf(d.anchor);
  const every = intOf(d.every);
  return anchor === null || every === null
    ? null
    : { kind: 'every', anchor_at: anchor, every_seconds: every, duration_seconds: duration };
}

/** The rules' own check (packages/game rain.ts), as the server runs it on the same values. */
function ruleOf(body: Omit<RainScheduleInput, 'enabled'>) {
  const t = body.timing;
  return (
    rainTimingError(
      t.kind === 'once'
        ? { kind: 'once', startAtMs: t.start_at, endAtMs: t.end_at }
        : t.kind === 'daily'
          ? { kind: 'daily', times: t.times, durationMs: t.duration_seconds * 1000 }
          : {
              kind: 'every',
              anchorMs: t.anchor_at,
              everyMs: t.every_seconds * 1000,
              durationMs: t.duration_seconds * 1000,
            },
    ) ??
    rainParamsError({ poolUnits: body.pool, count: body.count, minUnits: body.min_packet }) ??
    rainConditionsError({
      minVipLevel: body.conditions.min_vip_level,
      rechargeDays: body.conditions.recharge_days,
    })
  );
}

/** Create (no schedule) or edit a schedule: POST admin/v1/rain/schedules/save. */
export function ScheduleDialog({ schedule, onClose }: { schedule: RainSchedule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const save = useSaveRainSchedule();
  const [title, setTitle] = useState(schedule?.title ?? '');
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [timing, setTiming] = useState(() => draftOf(schedule?.timing ?? null));
  const [pool, setPool] = useState(schedule ? yuanText(schedule.pool) : '');
  const [count, setCount] = useState(schedule ? String(schedule.count) : '');
  const [minPacket, setMinPacket] = useState(schedule ? yuanText(schedule.min_packet) : '0.01');
  const [vip, setVip] = useState(String(schedule?.conditions.min_vip_level ?? 0));
  const [recharge, setRecharge] = useState(String(schedule?.conditions.recharge_days ?? 0));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<TimingDraft>) => setTiming((d) => ({ ...d, ...change }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const timingInput = timingOf(timing);
    const poolUnits = unitsOf(pool);
    const packets = intOf(count);
    const minUnits = unitsOf(minPacket);
    const vipLevel = intOf(vip);
    const days = intOf(recharge);
    if (!title.trim() || title.trim().length > 64) return setProblem(t('adminPromotions.rain.form.titleProblem'));
    if (!timingInput) return setProblem(rule('RAIN_WINDOW_INVALID'));
    if (poolUnits === null) return setProblem(rule('RAIN_POOL_INVALID'));
    if (packets === null) return setProblem(rule('RAIN_COUNT_INVALID'));
    if (minUnits === null) return setProblem(rule('RAIN_MIN_PACKET_INVALID'));
    if (vipLevel === null || days === null) return setProblem(rule('RAIN_CONDITION_INVALID'));
    const body = {
      ...(schedule ? { id: schedule.id } : {}),
      title: title.trim(),
      enabled,
      timing: timingInput,
      pool: poolUnits,
      count: packets,
      min_packet: minUnits,
      conditions: { min_vip_level: vipLevel, recharge_days: days },
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    const broken = rule(ruleOf(body));
    setProblem(broken);
    if (!broken) save.mutate(body, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={
        schedule
          ? t('adminPromotions.rain.form.editTitle', { id: schedule.id })
          : t('adminPromotions.rain.form.newTitle')
      }
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={save}
    >
      <InputField label={t('adminPromotions.rain.form.title')} maxLength={64} value={title} onValue={setTitle} />
      {!schedule && (
        <label className="adm-promotions__check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('adminPromotions.rain.form.enabled')}
        </label>
      )}
      <Field label={t('adminPromotions.rain.form.kind')}>
        <select className="adm-select" value={timing.kind} onChange={(e) => set({ kind: e.target.value as Kind })}>
          {(['once', 'daily', 'every'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`adminPromotions.rain.timing.${k}`)}
            </option>
          ))}
        </select>
      </Field>
      <div className="adm-promotions__row">
        {timing.kind === 'once' && (
          <>
            <InputField
              label={t('adminPromotions.rain.form.start')}
              type="datetime-local"
              value={timing.start}
              onValue={(v) => set({ start: v })}
            />
            <InputField
              label={t('adminPromotions.rain.form.end')}
              type="datetime-local"
              value={timing.end}
              onValue={(v) => set({ end: v })}
            />
          </>
        )}
        {timing.kind === 'daily' && (
          <InputField
            label={t('adminPromotions.rain.form.times')}
            value={timing.times}
            onValue={(v) => set({ times: v })}
          />
        )}
        {timing.kind === 'every' && (
          <>
            <InputField
              label={t('adminPromotions.rain.form.anchor')}
              type="datetime-local"
              value={timing.anchor}
              onValue={(v) => set({ anchor: v })}
            />
            <InputField
              label={t('adminPromotions.rain.form.every')}
              inputMode="numeric"
              value={timing.every}
              onValue={(v) => set({ every: v })}
            />
          </>
        )}
        {timing.kind !== 'once' && (
          <InputField
            label={t('adminPromotions.rain.form.duration')}
            inputMode="numeric"
            value={timing.duration}
            onValue={(v) => set({ duration: v })}
          />
        )}
      </div>
      <div className="adm-promotions__row">
        <InputField label={t('adminPromotions.rain.form.pool')} inputMode="decimal" value={pool} onValue={setPool} />
        <InputField label={t('adminPromotions.rain.form.count')} inputMode="numeric" value={count} onValue={setCount} />
        <InputField
          label={t('adminPromotions.rain.form.minPacket')}
          inputMode="decimal"
          value={minPacket}
          onValue={setMinPacket}
        />
        <InputField label={t('adminPromotions.rain.form.minVip')} inputMode="numeric" value={vip} onValue={setVip} />
        <InputField
          label={t('adminPromotions.rain.form.rechargeDays')}
          inputMode="numeric"
          value={recharge}
          onValue={setRecharge}
        />
      </div>
    </FormDialog>
  );
}
