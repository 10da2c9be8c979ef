import type { TreasureEndInfo } from '@kaixiang/shared/treasure';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { treasureEndQueryOptions } from '../api/get-treasure-end.ts';
import { verifierTexts } from '../verifier-texts.ts';
import { type TreasureVerifyResult, verifyTreasureDraw } from '../verify-treasure.ts';
import { BeaconCheck } from './beacon-check.tsx';
import { LookupPanel, useNumberLookup } from './number-lookup.tsx';
import { CheckMark } from './verifier.tsx';

/**
 * "Verify a treasure": a treasure number (or `?treasure=<id>` from its page) → its draw
 * (get-end-treasure-info) → the winning card and its holder recomputed in the browser by
 * verifyTreasure, each check ✓ or ✗.
 */
export function TreasureVerifier() {
  return (
    <FeatureTextsGate texts={verifierTexts} fallback={null}>
      <TreasureVerifierPanel />
    </FeatureTextsGate>
  );
}

function TreasureVerifierPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lookup = useNumberLookup<TreasureEndInfo, TreasureVerifyResult>({
    param: 'treasure',
    required: t('fairness.treasure.required'),
    failed: t('fairness.treasure.failed'),
    fetch: (room) => queryClient.fetchQuery(treasureEndQueryOptions(room)),
    check: verifyTreasureDraw,
  });
  const { outcome } = lookup;

  return (
    <LookupPanel lookup={lookup} textKey="fairness.treasure" fieldKey="roomId" className="treasure-verifier">
      {outcome.kind === 'pending' && (
        <div className="verify-outcome" aria-live="polite">
          <p className="verify-summary">
            {outcome.data.phase === 'refunded'
              ? t('fairness.treasure.refunded', { id: outcome.data.room_id })
              : t('fairness.treasure.pending', { id: outcome.data.room_id })}
          </p>
          <p className="verify-check__text">
            <small>{t('fairness.treasure.committedHash')}</small>
            <span className="fair-mono">{outcome.data.server_seed_hash}</span>
          </p>
        </div>
      )}
      {outcome.kind === 'done' && <TreasureOutcome end={outcome.data} result={outcome.result} />}
    </LookupPanel>
  );
}

function TreasureOutcome({ end, result }: { end: TreasureEndInfo; result: TreasureVerifyResult }) {
  const { t } = useTranslation();
  const { check } = result;
  const who = (userId: number | null) =>
    userId === null ? '-' : userId === end.winner?.user_id ? `${end.winner.nick_name} #${userId}` : `#${userId}`;
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="treasure-verify">
      <h3>
        {t('fairness.treasure.roomTitle', { id: end.room_id, title: end.title })} ·{' '}
        {result.ok ? t('fairness.treasure.allOk') : t('fairness.treasure.someBad')}
      </h3>
      <ul className="verify-checks">
        <Check ok={check.seedMatches} label={t('fairness.treasure.checks.seedHash')}>
          <small className="fair-mono">
            {t('fairness.treasure.serverSeed')}: {end.server_seed}
          </small>
          <small className="fair-mono">
            {t('fairness.treasure.committedHash')}: {end.server_seed_hash}
          </small>
        </Check>
        <Check ok={check.cardsSold} label={t('fairness.treasure.checks.cards', { count: end.total })}>
          <small>{t('fairness.treasure.holders', { count: end.holders.length })}</small>
        </Check>
        <Check ok={check.cardMatches} label={t('fairness.treasure.checks.card')}>
          <small>
            {t('fairness.treasure.computedCard', { card: check.card + 1 })} ·{' '}
            {t('fairness.treasure.announcedCard', { card: (end.winning_card ?? -1) + 1 })}
          </small>
        </Check>
        <Check ok={check.holderMatches} label={t('fairness.treasure.checks.holder')}>
          <small>
            {t('fairness.treasure.computed', { who: who(check.holder) })} ·{' '}
            {t('fairness.treasure.announced', { who: who(end.winner?.user_id ?? null) })}
          </small>
        </Check>
        <BeaconCheck game="treasure" timing={check.beacon} seed={end.public_seed} url={end.beacon_url} />
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
