import { turntableReturn } from '@kaixiang/game/turntable';
import {
  type GameSettings,
  type GameSettingsResponse,
  gameSettings,
  settingsProblem,
} from '@kaixiang/shared/admin-games';
import { errorMessage } from '@kaixiang/shared/errors';
import { formatUnits } from '@kaixiang/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime, unitsOf } from '../../format.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { InputField } from '../console-form.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { useGameSettings, useSaveGameSettings } from './games-api.ts';

/** The form's fields as typed: yuan for money, percent for rates. */
interface Draft {
  robots: boolean;
  maxBoxes: string;
  /** Yuan; empty: no limit. */
  maxSeatCost: string;
  minBet: string;
  maxBet: string;
  maxRound: string;
  maxBets: string;
  /** The jackpot feed as a percentage of each round's stakes: `1` is 100 bp. */
  feed: string;
  edge: string;
  minRate: string;
  maxRate: string;
}

/** ppm as a percentage to type, `5` or `1.25`. */
const pct = (ppm: number) => String(ppm / 10_000);
/** Basis points as a percentage to type, `1` or `2.5`. */
const bpPct = (bp: number) => String(bp / 100);
/** Every turntable area's return, percent (96): the jackpot's feed comes on top in the long run. */
const AREA_RTP_PCT = (() => {
  const { areaRtp } = turntableReturn();
  return (areaRtp.num / areaRtp.den) * 100;
})();

function draftOf(s: GameSettings): Draft {
  return {
    robots: s.battle.robots_enabled,
    maxBoxes: String(s.battle.max_boxes),
    maxSeatCost: s.battle.max_seat_cost === null ? '' : formatUnits(s.battle.max_seat_cost),
    minBet: formatUnits(s.turntable.min_bet),
    maxBet: formatUnits(s.turntable.max_bet),
    maxRound: formatUnits(s.turntable.max_round),
    maxBets: String(s.turntable.max_bets_per_round),
    feed: bpPct(s.turntable.jackpot_feed_bp),
    edge: pct(s.upgrade.house_edge_ppm),
    minRate: pct(s.upgrade.min_rate_ppm),
    maxRate: pct(s.upgrade.max_rate_ppm),
  };
}

const units = (text: string): number => unitsOf(text) ?? Number.NaN;
const ppm = (text: string): number => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 10_000));
const bp = (text: string): number => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 100));

/** The settings the draft says, or null where a field is not a number the settings allow. */
function settingsOf(d: Draft): GameSettings | null {
  const parsed = gameSettings.safeParse({
    battle: {
      robots_enabled: d.robots,
      max_boxes: d.maxBoxes.trim() === '' ? Number.NaN : Number(d.maxBoxes),
      max_seat_cost: d.maxSeatCost.trim() === '' ? null : units(d.maxSeatCost),
    },
    turntable: {
      min_bet: units(d.minBet),
      max_bet: units(d.maxBet),
      max_round: units(d.maxRound),
      max_bets_per_round: Number(d.maxBets),
      jackpot_feed_bp: bp(d.feed),
    },
    upgrade: { house_edge_ppm: ppm(d.edge), min_rate_ppm: ppm(d.minRate), max_rate_ppm: ppm(d.maxRate) },
  });
  return parsed.success ? parsed.data : null;
}

function Field({
  label,
  value,
  fallback,
  onChange,
}: {
  label: string;
  value: string;
  fallback: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="adm-games__setting">
      <InputField label={label} inputMode="decimal" value={value} onValue={onChange} />
      <span className="adm-table__muted">{t('adminGames.settings.default', { value: fallback })}</span>
    </div>
  );
}

function SettingsEditor({ loaded }: { loaded: GameSettingsResponse }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useSaveGameSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.settings));
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
  };
  const next = settingsOf(draft);
  const problem = next ? settingsProblem(next) : null;
  const changed = JSON.stringify(next) !== JSON.stringify(loaded.settings);
  const d = draftOf(loaded.defaults);
  const rtp = next ? `${(100 - next.upgrade.house_edge_ppm / 10_000).toFixed(2)}%` : '—';
  // Shown only for a feed the settings allow (an out-of-bounds one has its own message).
  const longRun =
    next && problem !== 'GAMES_JACKPOT_FEED_INVALID'
      ? `${(AREA_RTP_PCT + next.turntable.jackpot_feed_bp / 100).toFixed(2)}%`
      : '—';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next && !problem && changed) setAsking(true);
  };

  return (
    <form className="adm-card adm-card--pad adm-form adm-games__settings" onSubmit={submit}>
      <h2 className="adm-card__title">{t('adminGames.settings.title')}</h2>
      <p className="adm-screen__sub">
        {t('adminGames.settings.hint', { seconds: Math.round(loaded.stale_ms / 1000) })}{' '}
        {loaded.updated_at === null
          ? t('adminGames.settings.defaultsInForce')
          : t('adminGames.settings.updatedAt', { time: localDateTime(loaded.updated_at) })}
      </p>
      <fieldset className="adm-games__row">
        <legend>{t('adminGames.settings.battle')}</legend>
        <label className="adm-games__check">
          <input type="checkbox" checked={draft.robots} onChange={(e) => set({ robots: e.target.checked })} />
          <span>{t('adminGames.settings.robots')}</span>
        </label>
        <Field
          label={t('adminGames.settings.maxBoxes')}
          value={draft.maxBoxes}
          fallback={d.maxBoxes}
          onChange={(v) => set({ maxBoxes: v })}
        />
        <Field
          label={t('adminGames.settings.maxSeatCost')}
          value={draft.maxSeatCost}
          fallback={d.maxSeatCost || t('adminGames.settings.noLimit')}
          onChange={(v) => set({ maxSeatCost: v })}
        />
      </fieldset>
      <fieldset className="adm-games__row">
        <legend>{t('adminGames.settings.turntable')}</legend>
        <Field
          label={t('adminGames.settings.minBet')}
          value={draft.minBet}
          fallback={d.minBet}
          onChange={(v) => set({ minBet: v })}
        />
        <Field
          label={t('adminGames.settings.maxBet')}
          value={draft.maxBet}
          fallback={d.maxBet}
          onChange={(v) => set({ maxBet: v })}
        />
        <Field
          label={t('adminGames.settings.maxRound')}
          value={draft.maxRound}
          fallback={d.maxRound}
          onChange={(v) => set({ maxRound: v })}
        />
        <Field
          label={t('adminGames.settings.maxBets')}
          value={draft.maxBets}
          fallback={d.maxBets}
          onChange={(v) => set({ maxBets: v })}
        />
        <Field
          label={t('adminGames.settings.jackpotFeed')}
          value={draft.feed}
          fallback={d.feed}
          onChange={(v) => set({ feed: v })}
        />
        <p className="adm-games__sum">
          {t('adminGames.settings.jackpotRtp', { rtp: longRun })}{' '}
          <span data-testid="jackpot-pool">
            {t('adminGames.settings.jackpotPool', { amount: formatUnits(loaded.jackpot_pool) })}
          </span>
        </p>
      </fieldset>
      <fieldset className="adm-games__row">
        <legend>{t('adminGames.settings.upgrade')}</legend>
        <Field
          label={t('adminGames.settings.houseEdge')}
          value={draft.edge}
          fallback={d.edge}
          onChange={(v) => set({ edge: v })}
        />
        <Field
          label={t('adminGames.settings.minRate')}
          value={draft.minRate}
          fallback={d.minRate}
          onChange={(v) => set({ minRate: v })}
        />
        <Field
          label={t('adminGames.settings.maxRate')}
          value={draft.maxRate}
          fallback={d.maxRate}
          onChange={(v) => set({ maxRate: v })}
        />
        <p className="adm-games__sum">{t('adminGames.settings.rtp', { rtp })}</p>
      </fieldset>
      {(!next || problem) && (
        <p className="adm-form__error" role="alert">
          {problem ? errorMessage(problem, locale) : t('adminGames.settings.invalid')}
        </p>
      )}
      {saved && (
        <p className="adm-tag adm-tag--ok" role="status">
          {t('adminGames.settings.saved')}
        </p>
      )}
      <div className="adm-form__actions">
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={!changed}
          onClick={() => setDraft(draftOf(loaded.settings))}
        >
          {t('adminGames.settings.reset')}
        </button>
        <button type="submit" className="button button--primary button--sm" disabled={!next || !!problem || !changed}>
          {t('adminGames.settings.save')}
        </button>
      </div>
      {asking && next && (
        <ReasonDialog
          title={t('adminGames.settings.reasonTitle')}
          hint={t('adminGames.settings.reasonHint')}
          submitText={t('adminGames.settings.save')}
          busy={save.isPending}
          error={save.error}
          onClose={() => setAsking(false)}
          onSubmit={(reason) =>
            save.mutate(
              { settings: next, reason },
              {
                onSuccess: (answer) => {
                  setAsking(false);
                  setDraft(draftOf(answer.settings));
                  setSaved(true);
                },
              },
            )
          }
        />
      )}
    </form>
  );
}

/** The game settings in force, edited as a whole and saved with a reason (the audit log keeps both sides). */
export function GameSettingsForm() {
  const { t } = useTranslation();
  const result = useGameSettings();
  if (!result.data)
    return (
      <div className="adm-card">
        <QueryFallback query={result} failedTitle={t('adminGames.loadFailed')} />
      </div>
    );
  return <SettingsEditor key={result.data.updated_at ?? 0} loaded={result.data} />;
}
