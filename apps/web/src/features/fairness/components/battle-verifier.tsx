import { BATTLE_PATHS, roomDataResponse } from '@kaixiang/shared/battles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiGet } from '../../../lib/api.ts';
import { type BattleVerifyResult, verifyBattle } from '../verify-battle.ts';
import { LookupError, NumberLookupForm } from './number-lookup.tsx';
import { CheckMark } from './verifier.tsx';

type Outcome =
  | { kind: 'none' }
  | { kind: 'message'; text: string }
  | { kind: 'done'; result: BattleVerifyResult; beacon: { round: number | null; url: string | null; seed: string } };

/**
 * "Verify a battle": a room id (or `?battle=<id>` from a battle's result) → the room's snapshot →
 * every roll recomputed in the browser (verify-battle.ts), each shown ✓ or ✗.
 */
export function BattleVerifier() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [params] = useSearchParams();
  const [roomId, setRoomId] = useState(params.get('battle') ?? '');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [running, setRunning] = useState(false);

  async function run(text: string) {
    const room = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : 0;
    if (room <= 0) {
      setOutcome({ kind: 'message', text: t('fairness.battle.required') });
      return;
    }
    setRunning(true);
    try {
      const snapshot = await queryClient.fetchQuery({
        queryKey: ['fairness', 'battle', room],
        queryFn: ({ signal }) =>
          apiGet(BATTLE_PATHS.room, { room_id: room }, { schema: roomDataResponse, signal, silent: true }),
        staleTime: 0,
      });
      const data = snapshot.data;
      if (data.room_state !== 3 || !data.server_seed) {
        setOutcome({ kind: 'message', text: t('fairness.battle.notEnded') });
        return;
      }
      setOutcome({
        kind: 'done',
        result: verifyBattle(data),
        beacon: { round: data.beacon_round, url: data.beacon_url, seed: data.public_seed ?? '' },
      });
    } catch {
      setOutcome({ kind: 'message', text: t('fairness.battle.notFound') });
    } finally {
      setRunning(false);
    }
  }

  // Arriving from a battle's result with ?battle=<id> checks it at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the id the page was opened with
  useEffect(() => {
    const given = params.get('battle');
    if (given) void run(given);
  }, []);

  return (
    <section className="panel verifier" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('fairness.battle.title')}</h2>
      <p className="seed-panel__muted">{t('fairness.battle.hint')}</p>
      <NumberLookupForm
        inputId={`${id}-room`}
        label={t('fairness.battle.roomId')}
        submit={t('fairness.battle.submit')}
        value={roomId}
        onChange={setRoomId}
        onSubmit={(value) => void run(value)}
        running={running}
      />
      {outcome.kind === 'message' && <LookupError text={outcome.text} />}
      {outcome.kind === 'done' && <BattleOutcome result={outcome.result} beacon={outcome.beacon} />}
    </section>
  );
}

function BattleOutcome({
  result,
  beacon,
}: {
  result: BattleVerifyResult;
  beacon: { round: number | null; url: string | null; seed: string };
}) {
  const { t } = useTranslation();
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="battle-verify">
      <h3>{result.ok ? t('fairness.battle.allOk') : t('fairness.battle.someBad')}</h3>
      <ul className="verify-checks">
        <li className={`verify-check ${result.seedHashOk ? 'is-ok' : 'is-bad'}`}>
          <CheckMark ok={result.seedHashOk === true} />
          <span className="verify-check__text">
            <strong>{t('fairness.checks.seedHash')}</strong>
          </span>
        </li>
        <li className="verify-check is-ok">
          <span className="verify-check__text">
            <strong>{t('fairness.battle.beacon', { round: beacon.round ?? '-' })}</strong>
            <small className="fair-mono">{beacon.seed}</small>
            {beacon.url && (
              <a href={beacon.url} target="_blank" rel="noreferrer">
                {t('fairness.battle.beaconLink')}
              </a>
            )}
          </span>
        </li>
        {result.tie && (
          <li className={`verify-check ${result.tie.ok ? 'is-ok' : 'is-bad'}`}>
            <CheckMark ok={result.tie.ok} />
            <span className="verify-check__text">
              <strong>
                {t('fairness.battle.tie', { value: result.tie.value, count: result.tie.candidates.length })}
              </strong>
            </span>
          </li>
        )}
      </ul>
      <table className="roll-table">
        <thead>
          <tr>
            <th>{t('fairness.battle.round')}</th>
            <th>{t('fairness.battle.seat')}</th>
            <th>{t('fairness.battle.ticket')}</th>
            <th>{t('fairness.battle.recorded')}</th>
            <th>{t('fairness.battle.item')}</th>
          </tr>
        </thead>
        <tbody>
          {result.rolls.map((r) => (
            <tr key={`${r.round}-${r.seat}`}>
              <td>{r.round + 1}</td>
              <td>{r.seat + 1}</td>
              <td className="fair-mono">{r.ticket}</td>
              <td className="fair-mono">{r.recordedTicket}</td>
              <td>
                <CheckMark ok={r.ok} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
