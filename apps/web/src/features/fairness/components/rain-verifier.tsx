import { formatUnits } from '@kaixiang/shared/money';
import type { RainRoundDetail } from '@kaixiang/shared/rain';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { rainRoundQueryOptions } from '../api/get-rain-round.ts';
import { verifierTexts } from '../verifier-texts.ts';
import { type RainVerifyResult, verifyRainRound } from '../verify-rain.ts';
import { BeaconCheck } from './beacon-check.tsx';
import { LookupPanel, useNumberLookup } from './number-lookup.tsx';
import { CheckMark } from './verifier.tsx';

/** The most packets listed under the checks (a round may hand out thousands). */
const LISTED = 50;

/**
 * "Verify a red-packet rain": a round number (or `?rain=<id>` from the rain) → the round
 * (red-packet-rain/round) → its packet list regenerated in the browser by generatePackets and
 * every grab held to its place in the order, each check ✓ or ✗.
 */
export function RainVerifier() {
  return (
    <FeatureTextsGate texts={verifierTexts} fallback={null}>
      <RainVerifierPanel />
    </FeatureTextsGate>
  );
}

function RainVerifierPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lookup = useNumberLookup<RainRoundDetail, RainVerifyResult>({
    param: 'rain',
    required: t('fairness.rain.required'),
    failed: t('fairness.rain.failed'),
    fetch: (id) => queryClient.fetchQuery(rainRoundQueryOptions(id)),
    check: verifyRainRound,
  });
  const { outcome } = lookup;
  return (
    <LookupPanel lookup={lookup} textKey="fairness.rain" fieldKey="roundId" className="rain-verifier">
      {outcome.kind === 'pending' && (
        <div className="verify-outcome" aria-live="polite">
          <p className="verify-summary">
            {outcome.data.state === 'cancelled'
              ? t('fairness.rain.cancelled', { id: outcome.data.round_id })
              : t('fairness.rain.pending', { id: outcome.data.round_id })}
          </p>
          <p className="verify-check__text">
            <small>{t('fairness.rain.committedHash')}</small>
            <span className="fair-mono">{outcome.data.server_seed_hash}</span>
          </p>
          {outcome.data.packets_hash && (
            <p className="verify-check__text">
              <small>{t('fairness.rain.listHash')}</small>
              <span className="fair-mono">{outcome.data.packets_hash}</span>
            </p>
          )}
        </div>
      )}
      {outcome.kind === 'done' && <RainOutcome round={outcome.data} result={outcome.result} />}
    </LookupPanel>
  );
}

function RainOutcome({ round, result }: { round: RainRoundDetail; result: RainVerifyResult }) {
  const { t } = useTranslation();
  const { check } = result;
  const grabs = round.grabs ?? [];
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="rain-verify">
      <h3>
        {t('fairness.rain.roundTitle', { id: round.round_id })} ·{' '}
        {result.ok ? t('fairness.rain.allOk') : t('fairness.rain.someBad')}
      </h3>
      <ul className="verify-checks">
        <Check ok={check.seedMatches} label={t('fairness.rain.checks.seedHash')}>
          <small className="fair-mono">
            {t('fairness.rain.serverSeed')}: {round.server_seed}
          </small>
          <small className="fair-mono">
            {t('fairness.rain.committedHash')}: {round.server_seed_hash}
          </small>
        </Check>
        <Check
          ok={check.listMatches}
          label={t('fairness.rain.checks.list', {
            count: round.count,
            pool: formatUnits(round.pool),
            min: formatUnits(round.min_packet),
          })}
        >
          <small className="fair-mono">
            {check.packets
              .slice(0, LISTED)
              .map((p) => formatUnits(p, 4))
              .join(', ')}
            {check.packets.length > LISTED ? ' …' : ''}
          </small>
        </Check>
        <Check ok={check.hashMatches} label={t('fairness.rain.checks.hash')}>
          <small className="fair-mono">
            {t('fairness.rain.listHash')}: {round.packets_hash}
          </small>
        </Check>
        <Check ok={check.sumMatches} label={t('fairness.rain.checks.sum')} />
        <Check ok={check.grabsMatch} label={t('fairness.rain.checks.grabs', { count: grabs.length })}>
          {grabs.slice(0, LISTED).map((g) => (
            <small key={g.index} className={check.wrongGrabs.includes(g.index) ? 'is-bad' : undefined}>
              {t('fairness.rain.grab', {
                n: g.index + 1,
                who: `${g.nick_name} #${g.user_id}`,
                amount: formatUnits(g.amount, 4),
              })}
            </small>
          ))}
        </Check>
        <BeaconCheck game="rain" timing={check.beacon} seed={round.public_seed} url={round.beacon_url} />
      </ul>
    </div>
  );
}

function Check({ ok, label, children }: { ok: boolean; label: string; children?: ReactNode }) {
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
