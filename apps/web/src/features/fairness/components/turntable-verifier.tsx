import type { TurntableRoundResponse } from '@kaixiang/shared/turntable';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { turntableRoundQueryOptions } from '../api/get-turntable-round.ts';
import { iconName, type TurntableVerifyResult, verifyTurntableRound, type WheelCheck } from '../verify-turntable.ts';
import { BeaconCheck } from './beacon-check.tsx';
import { LookupPanel, useNumberLookup } from './number-lookup.tsx';
import { TurntableScheme } from './turntable-scheme.tsx';
import { CheckMark } from './verifier.tsx';

type Checked = Extract<TurntableVerifyResult, { kind: 'checked' }>;

/**
 * "Verify a turntable round": a round number (or `?turntable=<id>` from the turntable screen) →
 * the round's published seeds → both wheels and the hash chain recomputed in the browser
 * (verify-turntable.ts), each shown ✓ or ✗.
 */
export function TurntableVerifier() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lookup = useNumberLookup<TurntableRoundResponse, Checked>({
    param: 'turntable',
    required: t('fairness.turntable.required'),
    failed: t('fairness.turntable.failed'),
    fetch: (round) => queryClient.fetchQuery(turntableRoundQueryOptions(round)),
    check: (round, beacon) => {
      const result = verifyTurntableRound(round, beacon);
      return result.kind === 'pending' ? null : result;
    },
  });
  const { outcome } = lookup;

  return (
    <LookupPanel lookup={lookup} textKey="fairness.turntable" fieldKey="roundId" className="turntable-verifier">
      {outcome.kind === 'pending' && <PendingRound round={outcome.data} />}
      {outcome.kind === 'done' && <TurntableOutcome round={outcome.data} result={outcome.result} />}
      <TurntableScheme />
    </LookupPanel>
  );
}

/** A round not settled yet: what is already committed, and no marks (nothing has failed). */
function PendingRound({ round }: { round: TurntableRoundResponse }) {
  const { t } = useTranslation();
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="turntable-pending">
      <p className="verify-summary">{t('fairness.turntable.pending', { id: round.round_id })}</p>
      <p className="verify-check__text">
        <small>{t('fairness.turntable.committedHash')}</small>
        <span className="fair-mono">{round.server_seed_hash}</span>
      </p>
    </div>
  );
}

function TurntableOutcome({ round, result }: { round: TurntableRoundResponse; result: Checked }) {
  const { t } = useTranslation();
  const name = (icon: number | null) => {
    const key = iconName(icon);
    return key ? t(`fairness.turntable.icons.${key}`) : `#${icon ?? '-'}`;
  };
  const ticket = (w: WheelCheck) =>
    w.ticket === null
      ? t('fairness.turntable.noTicket')
      : `${t('fairness.turntable.ticket', { ticket: w.ticket, total: w.total })} · ${t('fairness.result.work', { cursor: w.cursor, chunk: w.chunk })}`;
  const wheels = [
    ['outer', result.outer],
    ['inner', result.inner],
  ] as const;
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="turntable-verify">
      <h3>
        {t('fairness.turntable.roundTitle', { id: round.round_id })} ·{' '}
        {result.ok ? t('fairness.turntable.allOk') : t('fairness.turntable.someBad')}
      </h3>
      <div className="fair-draw">
        {wheels.map(([key, w]) => (
          <div key={key} className="fair-draw__wheel" data-testid={`fair-draw-${key}`}>
            <span className="verify-result__label">{t(`fairness.turntable.${key}`)}</span>
            <strong className="fair-draw__icon">{name(w.icon)}</strong>
            <span className="fair-mono">{ticket(w)}</span>
          </div>
        ))}
      </div>
      <ul className="verify-checks">
        <Check testId="seedHash" ok={result.seedHashOk} label={t('fairness.turntable.checks.seedHash')}>
          <small className="fair-mono">
            {t('fairness.turntable.serverSeed')}: {round.server_seed}
          </small>
          <small className="fair-mono">
            {t('fairness.turntable.committedHash')}: {round.server_seed_hash}
          </small>
        </Check>
        <Check
          testId="chain"
          ok={result.chainOk}
          label={t('fairness.turntable.checks.chain', { id: round.chain.id, index: round.chain.index })}
        >
          <small>{t('fairness.turntable.chainWork', { times: round.chain.index + 1 })}</small>
          <small className="fair-mono">{round.chain.terminal_hash}</small>
        </Check>
        {wheels.map(([key, w]) => (
          <Check key={key} testId={key} ok={w.ok} label={t(`fairness.turntable.checks.${key}`)}>
            <small>
              {t('fairness.turntable.computed', { icon: name(w.icon) })} ·{' '}
              {t('fairness.turntable.announced', { icon: name(w.announced) })}
            </small>
          </Check>
        ))}
        <BeaconCheck
          game="turntable"
          timing={result.beacon}
          seed={round.public_seed}
          url={round.beacon_url}
          deadline={round.bets_close_at}
        />
      </ul>
    </div>
  );
}

function Check({
  testId,
  ok,
  label,
  children,
}: {
  testId: string;
  ok: boolean;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className={`verify-check ${ok ? 'is-ok' : 'is-bad'}`} data-testid={`turntable-check-${testId}`}>
      <CheckMark ok={ok} />
      <span className="verify-check__text">
        <strong>{label}</strong>
        {children}
      </span>
    </li>
  );
}
