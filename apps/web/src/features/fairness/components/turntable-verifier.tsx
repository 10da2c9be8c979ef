import type { TurntableRoundResponse } from '@kaixiang/shared/turntable';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { turntableRoundQueryOptions } from '../api/get-turntable-round.ts';
import { iconName, type TurntableVerifyResult, verifyTurntableRound, type WheelCheck } from '../verify-turntable.ts';
import { LookupError, NumberLookupForm } from './number-lookup.tsx';
import { TurntableScheme } from './turntable-scheme.tsx';
import { CheckMark } from './verifier.tsx';

type Checked = Extract<TurntableVerifyResult, { kind: 'checked' }>;

type Outcome =
  | { kind: 'none' }
  | { kind: 'message'; text: string }
  | { kind: 'pending'; round: TurntableRoundResponse }
  | { kind: 'done'; round: TurntableRoundResponse; result: Checked };

/** The largest round id the API takes (an int4 serial). */
const MAX_ROUND_ID = 2_147_483_647;

/**
 * "Verify a turntable round": a round number (or `?turntable=<id>` from the turntable screen) →
 * the round's published seeds → both wheels and the hash chain recomputed in the browser
 * (verify-turntable.ts), each shown ✓ or ✗.
 */
export function TurntableVerifier() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const panel = useRef<HTMLElement>(null);
  const [params] = useSearchParams();
  const [roundId, setRoundId] = useState(params.get('turntable') ?? '');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [running, setRunning] = useState(false);

  async function run(text: string) {
    const round = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : 0;
    if (round <= 0 || round > MAX_ROUND_ID) {
      setOutcome({ kind: 'message', text: t('fairness.turntable.required') });
      return;
    }
    setRunning(true);
    try {
      const data = await queryClient.fetchQuery(turntableRoundQueryOptions(round));
      // Here, after the fetch and not while rendering: the chain check hashes up to 10,000 times.
      const result = verifyTurntableRound(data);
      setOutcome(result.kind === 'pending' ? { kind: 'pending', round: data } : { kind: 'done', round: data, result });
    } catch (error) {
      // The server says why (no such round, …) in the visitor's language.
      setOutcome({
        kind: 'message',
        text: error instanceof ApiError ? error.message : t('fairness.turntable.failed'),
      });
    } finally {
      setRunning(false);
    }
  }

  // Arriving from the turntable with ?turntable=<id>: check it at once and bring the panel into view,
  // below the box-opening sections the visitor did not come for. Scrolled once the answer is in,
  // when the sections above have had the same time to fill and no longer push it down.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the id the page was opened with
  useEffect(() => {
    const given = params.get('turntable');
    if (!given) return;
    void run(given).then(() => panel.current?.scrollIntoView?.({ block: 'start' }));
  }, []);

  return (
    <section ref={panel} className="panel verifier turntable-verifier" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('fairness.turntable.title')}</h2>
      <p className="seed-panel__muted">{t('fairness.turntable.hint')}</p>
      <NumberLookupForm
        inputId={`${id}-round`}
        label={t('fairness.turntable.roundId')}
        submit={t('fairness.turntable.submit')}
        value={roundId}
        onChange={setRoundId}
        onSubmit={(value) => void run(value)}
        running={running}
      />
      {outcome.kind === 'message' && <LookupError text={outcome.text} />}
      {outcome.kind === 'pending' && <PendingRound round={outcome.round} />}
      {outcome.kind === 'done' && <TurntableOutcome round={outcome.round} result={outcome.result} />}
      <TurntableScheme />
    </section>
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
        <li className="verify-check is-ok">
          <span className="verify-check__text">
            <strong>{t('fairness.turntable.beacon', { round: round.beacon_round ?? '-' })}</strong>
            <small className="fair-mono">{round.public_seed}</small>
            {round.beacon_url && (
              <a href={round.beacon_url} target="_blank" rel="noreferrer">
                {t('fairness.turntable.beaconLink')}
              </a>
            )}
          </span>
        </li>
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
