import type { BagRecord } from '@kaixiang/shared/bags';
import { formatUnits } from '@kaixiang/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLoggedIn } from '../../../lib/session.ts';
import { BAGS_PAGE_SIZE, bagsQueryRoot, bagTableQueryOptions, findBag, useBags } from '../api/get-bags.ts';
import { verifierTexts } from '../verifier-texts.ts';
import { type BagVerifyResult, verifyBagRecord } from '../verify-bag.ts';
import { LookupError, NumberLookupForm, useOwnRecordLookup } from './number-lookup.tsx';
import { ProofTable } from './proof-table.tsx';
import { CheckMark } from './verifier.tsx';

const MAX_ID = 2 ** 31 - 1;
const TIME: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };

/**
 * "Verify a lucky bag": one of the player's opened bags — picked from their list, typed by its
 * number, or `?bag=<id>` from the result overlay and the record — recomputed in the browser from
 * its proof and the table version it recorded (verify-bag.ts). A bag's seeds are its player's, so
 * only they can check it here.
 */
export function BagVerifier() {
  return (
    <FeatureTextsGate texts={verifierTexts} fallback={null}>
      <BagVerifierPanel />
    </FeatureTextsGate>
  );
}

function BagVerifierPanel() {
  const { t } = useTranslation();
  const id = useId();
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const lookup = useOwnRecordLookup<BagRecord, BagVerifyResult>({
    param: 'bag',
    textKey: 'fairness.bag',
    maxId: MAX_ID,
    loggedIn,
    queryRoot: bagsQueryRoot,
    find: findBag,
    verify: async (record) => {
      const p = record.proof;
      if (!p) return null;
      const table = await queryClient.fetchQuery(bagTableQueryOptions(record.campaign_id, p.table_version));
      return verifyBagRecord(record, table);
    },
  });
  const { outcome, panel } = lookup;

  return (
    <section ref={panel} className="panel verifier bag-verifier" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('fairness.bag.title')}</h2>
      <p className="seed-panel__muted">{t('fairness.bag.hint')}</p>
      {loggedIn ? (
        <>
          <BagList selectedId={outcome.kind === 'done' ? outcome.record.id : null} onSelect={lookup.select} />
          <NumberLookupForm
            inputId={`${id}-bag`}
            label={t('fairness.bag.bagId')}
            submit={t('fairness.bag.submit')}
            value={lookup.value}
            onChange={lookup.setValue}
            onSubmit={(value) => void lookup.run(value)}
            running={lookup.running}
          />
          {outcome.kind === 'message' && <LookupError text={outcome.text} />}
          {outcome.kind === 'done' && <BagOutcome record={outcome.record} result={outcome.result} />}
        </>
      ) : (
        <EmptyState compact title={t('fairness.bag.guest')} />
      )}
      <p className="seed-panel__muted">{t('fairness.bag.scheme')}</p>
    </section>
  );
}

/** The player's opened bags, newest first, each handed to the check on a click. */
function BagList({ selectedId, onSelect }: { selectedId: number | null; onSelect: (r: BagRecord) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useBags(page);
  return (
    <ProofTable
      query={query}
      page={page}
      pageSize={BAGS_PAGE_SIZE}
      onPage={setPage}
      empty={t('fairness.bag.empty')}
      heads={[t('fairness.bag.number'), t('fairness.bag.name'), t('fairness.bag.amount')]}
      cells={(r) => [
        <td key="id" className="fair-mono">
          {r.id}
        </td>,
        <td key="name">{r.name}</td>,
        <td key="amount">¥{formatUnits(r.get_money ?? 0)}</td>,
      ]}
      proof={(r) => ({
        nonce: r.proof?.nonce,
        at: r.opened_at ?? r.given_at,
        revealed: Boolean(r.proof?.server_seed),
        verifyLabel: t('fairness.bag.verifyOne', { id: r.id }),
      })}
      time={TIME}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}

function BagOutcome({ record, result }: { record: BagRecord; result: BagVerifyResult }) {
  const { t } = useTranslation();
  const p = record.proof;
  const title = t('fairness.bag.recordTitle', { id: record.id, name: record.name });
  if (!p) return null;
  if (result.kind === 'hidden') {
    return (
      <div className="verify-outcome" aria-live="polite" data-testid="bag-hidden">
        <h3>{title}</h3>
        <p className="verify-summary">{t('fairness.bag.hidden')}</p>
        <p className="verify-check__text">
          <small>{t('fairness.bag.committedHash')}</small>
          <span className="fair-mono">{p.server_seed_hash}</span>
        </p>
      </div>
    );
  }
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="bag-verify">
      <h3>
        {title} · {result.ok ? t('fairness.bag.allOk') : t('fairness.bag.someBad')}
      </h3>
      <ul className="verify-checks">
        <Check testId="seedHash" ok={result.seedHashOk} label={t('fairness.bag.checks.seedHash')}>
          <small className="fair-mono">
            {t('fairness.bag.serverSeed')}: {p.server_seed}
          </small>
          <small className="fair-mono">
            {t('fairness.bag.committedHash')}: {p.server_seed_hash}
          </small>
        </Check>
        <Check
          testId="table"
          ok={result.tableHashOk}
          label={t('fairness.bag.checks.table', { version: p.table_version })}
        >
          <small className="fair-mono">{p.table_hash}</small>
        </Check>
        <Check testId="ticket" ok={result.ticketOk} label={t('fairness.bag.checks.ticket')}>
          <small className="fair-mono">
            {t('fairness.bag.computed', { value: result.ticket })} · {t('fairness.bag.recorded', { value: p.ticket })}
          </small>
          <small>
            {t('fairness.bag.inputs', { client: p.client_seed, nonce: p.nonce })} ·{' '}
            {t('fairness.result.work', { cursor: result.cursor, chunk: result.chunk })}
          </small>
        </Check>
        <Check testId="amount" ok={result.amountOk} label={t('fairness.bag.checks.amount')}>
          <small className="fair-mono">
            {t('fairness.bag.entry', {
              ticket: result.ticket,
              index: result.index + 1,
              from: result.from,
              to: result.to,
              amount: formatUnits(result.amount),
            })}
          </small>
          <small>{t('fairness.bag.recordedAmount', { amount: formatUnits(record.get_money ?? 0) })}</small>
        </Check>
      </ul>
    </div>
  );
}

function Check({ testId, ok, label, children }: { testId: string; ok: boolean; label: string; children: ReactNode }) {
  return (
    <li className={`verify-check ${ok ? 'is-ok' : 'is-bad'}`} data-testid={`bag-check-${testId}`}>
      <CheckMark ok={ok} />
      <span className="verify-check__text">
        <strong>{label}</strong>
        {children}
      </span>
    </li>
  );
}
