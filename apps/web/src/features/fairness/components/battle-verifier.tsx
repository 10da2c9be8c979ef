import { BATTLE_PATHS, type BattleRoomData, roomDataResponse } from '@kaixiang/shared/battles';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api.ts';
import { type BattleVerifyResult, verifyBattle } from '../verify-battle.ts';
import { LookupError, LookupPanel, useNumberLookup } from './number-lookup.tsx';
import { CheckMark } from './verifier.tsx';

/**
 * "Verify a battle": a room id (or `?battle=<id>` from a battle's result) → the room's snapshot →
 * every roll recomputed in the browser (verify-battle.ts), each shown ✓ or ✗. A battle not over
 * yet has no published server seed: the panel says so.
 */
export function BattleVerifier() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lookup = useNumberLookup<BattleRoomData, BattleVerifyResult>({
    param: 'battle',
    required: t('fairness.battle.required'),
    failed: t('fairness.battle.failed'),
    fetch: async (room) =>
      (
        await queryClient.fetchQuery({
          queryKey: ['fairness', 'battle', room],
          queryFn: ({ signal }) =>
            apiGet(BATTLE_PATHS.room, { room_id: room }, { schema: roomDataResponse, signal, silent: true }),
          staleTime: 0,
        })
      ).data,
    check: (room) => (room.room_state !== 3 || !room.server_seed ? null : verifyBattle(room)),
  });
  const { outcome } = lookup;

  return (
    <LookupPanel lookup={lookup} textKey="fairness.battle" fieldKey="roomId" className="battle-verifier">
      {outcome.kind === 'pending' && <LookupError text={t('fairness.battle.notEnded')} />}
      {outcome.kind === 'done' && (
        <BattleOutcome
          result={outcome.result}
          beacon={{
            round: outcome.data.beacon_round,
            url: outcome.data.beacon_url,
            seed: outcome.data.public_seed ?? '',
          }}
        />
      )}
    </LookupPanel>
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
