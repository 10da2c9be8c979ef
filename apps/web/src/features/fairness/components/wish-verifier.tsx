import type { WishRecord } from '@kaixiang/shared/wishing-well';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLoggedIn } from '../../../lib/session.ts';
import { findWish, useWishes, WISHES_PAGE_SIZE, wishesQueryRoot } from '../api/get-wishes.ts';
import { verifierTexts } from '../verifier-texts.ts';
import { percentOfPpm } from '../verify-upgrade.ts';
import { verifyWishRecord, type WishVerifyResult } from '../verify-wish.ts';
import { LookupError, NumberLookupForm, useOwnRecordLookup } from './number-lookup.tsx';
import { ProofTable } from './proof-table.tsx';
import { CheckMark } from './verifier.tsx';

const MAX_ID = 2 ** 31 - 1;

const TIME: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };

/**
 * "Verify a wish" (the wishing well): one of the player's wishes — picked from their list, typed by
 * its number, or `?wish=<id>` from the wishing well's history — recomputed in the browser from what
 * the record publishes (verify-wish.ts). A wish rolls with its player's own seeds: only they check it.
 */
export function WishVerifier() {
  return (
    <FeatureTextsGate texts={verifierTexts} fallback={null}>
      <WishVerifierPanel />
    </FeatureTextsGate>
  );
}

function WishVerifierPanel() {
  const { t } = useTranslation();
  const id = useId();
  const loggedIn = useLoggedIn();
  const lookup = useOwnRecordLookup<WishRecord, WishVerifyResult>({
    param: 'wish',
    textKey: 'fairness.wish',
    maxId: MAX_ID,
    loggedIn,
    queryRoot: wishesQueryRoot,
    find: findWish,
    verify: verifyWishRecord,
  });
  const { outcome, panel } = lookup;

  return (
    <section ref={panel} className="panel verifier wish-verifier" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('fairness.wish.title')}</h2>
      <p className="seed-panel__muted">{t('fairness.wish.hint')}</p>
      {loggedIn ? (
        <>
          <WishList selectedId={outcome.kind === 'done' ? outcome.record.id : null} onSelect={lookup.select} />
          <NumberLookupForm
            inputId={`${id}-wish`}
            label={t('fairness.wish.wishId')}
            submit={t('fairness.wish.submit')}
            value={lookup.value}
            onChange={lookup.setValue}
            onSubmit={(value) => void lookup.run(value)}
            running={lookup.running}
          />
          {outcome.kind === 'message' && <LookupError text={outcome.text} />}
          {outcome.kind === 'done' && <WishOutcome record={outcome.record} result={outcome.result} />}
        </>
      ) : (
        <EmptyState compact title={t('fairness.wish.guest')} />
      )}
      <p className="seed-panel__muted">{t('fairness.wish.scheme')}</p>
    </section>
  );
}

function WishList({ selectedId, onSelect }: { selectedId: number | null; onSelect: (w: WishRecord) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <ProofTable
      query={useWishes(page)}
      page={page}
      pageSize={WISHES_PAGE_SIZE}
      onPage={setPage}
      empty={t('fairness.wish.empty')}
      heads={[t('fairness.wish.number'), t('fairness.wish.item'), t('fairness.wish.chance'), t('fairness.wish.result')]}
      cells={(w) => [
        <td key="id" className="fair-mono">
          {w.id}
        </td>,
        <td key="item">
          <span className="roll-table__item">{w.name}</span>
        </td>,
        <td key="chance">{percentOfPpm(w.chance_ppm)}</td>,
        <td key="result">{t(w.hit ? 'fairness.wish.hit' : 'fairness.wish.miss')}</td>,
      ]}
      proof={(w) => ({
        nonce: w.proof.nonce,
        at: w.created_at,
        revealed: w.proof.server_seed !== null,
        verifyLabel: t('fairness.wish.verifyOne', { id: w.id }),
      })}
      time={TIME}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}

function Line({ name, ok, label, children }: { name: string; ok: boolean; label: string; children: ReactNode }) {
  return (
    <li className={`verify-check ${ok ? 'is-ok' : 'is-bad'}`} data-testid={`wish-check-${name}`}>
      <CheckMark ok={ok} />
      <span className="verify-check__text">
        <strong>{label}</strong>
        {children}
      </span>
    </li>
  );
}

function WishOutcome({ record, result }: { record: WishRecord; result: WishVerifyResult }) {
  const { t } = useTranslation();
  const p = record.proof;
  const heading = t('fairness.wish.recordTitle', { id: record.id, name: record.name });
  if (result.kind === 'hidden') {
    return (
      <div className="verify-outcome" aria-live="polite" data-testid="wish-hidden">
        <h3>{heading}</h3>
        <p className="verify-summary">{t('fairness.wish.hidden')}</p>
        <p className="verify-check__text">
          <small>{t('fairness.wish.committedHash')}</small>
          <span className="fair-mono">{p.server_seed_hash}</span>
        </p>
      </div>
    );
  }
  const outcomeWord = (hit: boolean) => t(hit ? 'fairness.wish.hit' : 'fairness.wish.miss');
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="wish-verify">
      <h3>
        {heading} · {t(result.ok ? 'fairness.wish.allOk' : 'fairness.wish.someBad')}
      </h3>
      <ul className="verify-checks">
        <Line name="seedHash" ok={result.seedHashOk} label={t('fairness.wish.checks.seedHash')}>
          <small className="fair-mono">
            {t('fairness.wish.serverSeed')}: {p.server_seed}
          </small>
          <small className="fair-mono">
            {t('fairness.wish.committedHash')}: {p.server_seed_hash}
          </small>
        </Line>
        <Line name="roll" ok={result.rollOk} label={t('fairness.wish.checks.roll')}>
          <small className="fair-mono">
            {t('fairness.wish.computed', { value: result.roll })} ·{' '}
            {t('fairness.wish.recorded', { value: record.roll })}
          </small>
          <small>
            {t('fairness.wish.inputs', { client: p.client_seed, nonce: p.nonce })} ·{' '}
            {t('fairness.result.work', { cursor: result.cursor, chunk: result.chunk })}
          </small>
        </Line>
        <Line name="outcome" ok={result.outcomeOk} label={t('fairness.wish.checks.outcome')}>
          <small className="fair-mono">
            {t('fairness.wish.decision', {
              roll: result.roll,
              cmp: result.hit ? '<' : '≥',
              chance: record.chance_ppm,
              percent: percentOfPpm(record.chance_ppm),
              result: outcomeWord(result.hit),
            })}
          </small>
          <small>{t('fairness.wish.recordedResult', { result: outcomeWord(record.hit) })}</small>
        </Line>
      </ul>
    </div>
  );
}
