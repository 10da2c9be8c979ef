import { BATTLE_PATHS, type BattleRoomData, roomDataResponse } from '@kaixiang/shared/battles';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { oddsTableQueryOptions } from '../api/get-odds-table.ts';
import { type BattleVerifyResult, oddsKey, verifyBattle } from '../verify-battle.ts';
import { BeaconCheck } from './beacon-check.tsx';
import { LookupError, LookupPanel, useNumberLookup } from './number-lookup.tsx';
import { CheckMark } from './verifier.tsx';

/** A battle's snapshot and the odds hash each box version it used publishes (by oddsKey). */
interface BattleLookup {
  room: BattleRoomData;
  published: Map<string, string>;
}

/**
 * "Verify a battle": a room id (or `?battle=<id>` from a battle's result) → the room's snapshot
 * and the published odds table of each box version it used → every roll recomputed in the
 * browser (verify-battle.ts), each shown ✓ or ✗. A battle not over yet has no published server
 * seed: the panel says so.
 */
export function BattleVerifier() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const lookup = useNumberLookup<BattleLookup, BattleVerifyResult>({
    param: 'battle',
    required: t('fairness.battle.required'),
    failed: t('fairness.battle.failed'),
    fetch: async (id) => {
      const room = (
        await queryClient.fetchQuery({
          queryKey: ['fairness', 'battle', id],
          queryFn: ({ signal }) =>
            apiGet(BATTLE_PATHS.room, { room_id: id }, { schema: roomDataResponse, signal, silent: true }),
          staleTime: 0,
        })
      ).data;
      return { room, published: await publishedOdds(queryClient, room, locale) };
    },
    check: ({ room, published }, beacon) =>
      room.room_state !== 3 || !room.server_seed ? null : verifyBattle(room, beacon, published),
  });
  const { outcome } = lookup;

  return (
    <LookupPanel lookup={lookup} textKey="fairness.battle" fieldKey="roomId" className="battle-verifier">
      {outcome.kind === 'pending' && <LookupError text={t('fairness.battle.notEnded')} />}
      {outcome.kind === 'done' && <BattleOutcome room={outcome.data.room} result={outcome.result} />}
    </LookupPanel>
  );
}

/**
 * The odds hash get-box-contains publishes for each box version the battle used; a version that
 * cannot be had is left out (its check then says so).
 */
async function publishedOdds(
  queryClient: QueryClient,
  room: BattleRoomData,
  locale: ReturnType<typeof useLocale>,
): Promise<Map<string, string>> {
  const versions = new Map<string, { box: number; version: number }>();
  for (const o of room.odds) {
    if (o.version !== null) versions.set(oddsKey(o.box_id, o.version), { box: o.box_id, version: o.version });
  }
  const found = await Promise.all(
    [...versions].map(([key, v]) =>
      queryClient
        .fetchQuery(oddsTableQueryOptions(v.box, v.version, locale))
        .then((table) => [key, table.odds_hash] as const)
        .catch(() => null),
    ),
  );
  return new Map(found.filter((f) => f !== null));
}

function BattleOutcome({ room, result }: { room: BattleRoomData; result: BattleVerifyResult }) {
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
        <BeaconCheck game="battle" timing={result.beacon} seed={room.public_seed} url={room.beacon_url} />
        {result.odds.map((o) => (
          <li
            key={`${o.boxId}/${o.version}/${o.hash}`}
            className={`verify-check ${o.ok ? 'is-ok' : 'is-bad'}`}
            data-testid="battle-odds-check"
          >
            <CheckMark ok={o.ok} />
            <span className="verify-check__text">
              <strong>
                {o.version === null
                  ? t('fairness.battle.odds.noVersion', { box: o.boxId })
                  : t('fairness.battle.odds.check', { box: o.boxId, version: o.version })}
              </strong>
              <small className="fair-mono">{t('fairness.battle.odds.table', { hash: o.hash })}</small>
              {o.version !== null &&
                (o.published === null ? (
                  <small>{t('fairness.battle.odds.unavailable')}</small>
                ) : (
                  <small className="fair-mono">{t('fairness.battle.odds.published', { hash: o.published })}</small>
                ))}
            </span>
          </li>
        ))}
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
