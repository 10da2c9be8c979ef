import type { RollRewardResponse } from '@kaixiang/shared/roll';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { rollRewardQueryOptions } from '../api/get-roll-reward.ts';
import { verifierTexts } from '../verifier-texts.ts';
import { type RollVerifyResult, verifyRollRoom } from '../verify-roll.ts';
import { BeaconCheck } from './beacon-check.tsx';
import { LookupPanel, useNumberLookup } from './number-lookup.tsx';
import { CheckMark } from './verifier.tsx';

type Checked = Extract<RollVerifyResult, { kind: 'checked' }>;

/**
 * "Verify a roll room": a room number (or `?roll=<id>` from the room's page) → its draw
 * (get-roll-room-reward) → every winner recomputed in the browser by verifyRoll, each ✓ or ✗.
 */
export function RollVerifier() {
  return (
    <FeatureTextsGate texts={verifierTexts} fallback={null}>
      <RollVerifierPanel />
    </FeatureTextsGate>
  );
}

function RollVerifierPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lookup = useNumberLookup<RollRewardResponse, Checked>({
    param: 'roll',
    required: t('fairness.roll.required'),
    failed: t('fairness.roll.failed'),
    fetch: (room) => queryClient.fetchQuery(rollRewardQueryOptions(room)),
    check: (reward, beacon) => {
      const result = verifyRollRoom(reward, beacon);
      return result.kind === 'pending' ? null : result;
    },
  });
  const { outcome } = lookup;

  return (
    <LookupPanel lookup={lookup} textKey="fairness.roll" fieldKey="roomId" className="roll-verifier">
      {outcome.kind === 'pending' && (
        <div className="verify-outcome" aria-live="polite">
          <p className="verify-summary">{t('fairness.roll.pending', { id: outcome.data.room_id })}</p>
          <p className="verify-check__text">
            <small>{t('fairness.roll.committedHash')}</small>
            <span className="fair-mono">{outcome.data.server_seed_hash}</span>
          </p>
        </div>
      )}
      {outcome.kind === 'done' && <RollOutcome reward={outcome.data} result={outcome.result} />}
    </LookupPanel>
  );
}

function RollOutcome({ reward, result }: { reward: RollRewardResponse; result: Checked }) {
  const { t } = useTranslation();
  const { check } = result;
  const names = new Map(reward.list.map((w) => [w.winner.user_id, w.winner.nick_name]));
  const who = (userId: number | null) => (userId === null ? '-' : `${names.get(userId) ?? ''} #${userId}`);
  const prizeName = new Map(reward.list.map((w) => [w.index, w.name]));
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="roll-verify">
      <h3>
        {t('fairness.roll.roomTitle', { id: reward.room_id })} ·{' '}
        {result.ok ? t('fairness.roll.allOk') : t('fairness.roll.someBad')}
      </h3>
      <ul className="verify-checks">
        <Check ok={check.seedMatches} label={t('fairness.roll.checks.seedHash')}>
          <small className="fair-mono">
            {t('fairness.roll.serverSeed')}: {reward.server_seed}
          </small>
          <small className="fair-mono">
            {t('fairness.roll.committedHash')}: {reward.server_seed_hash}
          </small>
        </Check>
        <Check ok={check.entrantsMatch} label={t('fairness.roll.checks.entrants', { count: reward.entrants.length })}>
          <small className="fair-mono">{reward.entrants_hash}</small>
        </Check>
        {check.awards.map((a) => (
          <Check
            key={a.prize}
            ok={a.matches}
            label={t('fairness.roll.checks.prize', { index: a.prize + 1, name: prizeName.get(a.prize) ?? '' })}
          >
            <small>
              {t('fairness.roll.computed', { who: who(a.userId), roll: a.roll })} ·{' '}
              {t('fairness.roll.announced', { who: who(a.claimedUserId) })}
            </small>
          </Check>
        ))}
        <Check ok={check.returnedMatch} label={t('fairness.roll.checks.returned', { count: reward.returned.length })}>
          {null}
        </Check>
        <BeaconCheck game="roll" timing={result.beacon} seed={reward.public_seed} url={reward.beacon_url} />
      </ul>
    </div>
  );
}

function Check({ ok, label, children }: { ok: boolean; label: string; children: ReactNode }) {
  return (
    <li className={`verify-check ${ok ? 'is-ok' : 'is-bad'}`}>
      <CheckMark ok={ok} />
      <span className="verify-check__text">
        <strong>{label}</strong>
        {children}
      </span>
    </li>
  );
}
