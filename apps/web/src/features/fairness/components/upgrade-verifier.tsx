import type { UserUpgradeEntry } from '@kaixiang/shared/upgrade';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useLoggedIn } from '../../../lib/session.ts';
import { findUpgrade, UPGRADES_PAGE_SIZE, upgradesQueryRoot, useUpgrades } from '../api/get-upgrades.ts';
import { percentOfPpm, type UpgradeVerifyResult, verifyUpgradeRecord } from '../verify-upgrade.ts';
import { LookupError, NumberLookupForm, useOwnRecordLookup } from './number-lookup.tsx';
import { ProofTable } from './proof-table.tsx';
import { CheckMark } from './verifier.tsx';

const MAX_ID = 2 ** 53 - 1;
const TIME: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/**
 * "Verify an upgrade": one of the player's own upgrades — picked from their list, typed by its
 * number, or `?upgrade=<id>` from the upgrade screen — recomputed in the browser from its proof
 * (verify-upgrade.ts). An upgrade's seeds are its player's, so only they can check it here.
 */
export function UpgradeVerifier() {
  const { t } = useTranslation();
  const id = useId();
  const loggedIn = useLoggedIn();
  const lookup = useOwnRecordLookup<UserUpgradeEntry, UpgradeVerifyResult>({
    param: 'upgrade',
    textKey: 'fairness.upgrade',
    maxId: MAX_ID,
    loggedIn,
    queryRoot: upgradesQueryRoot,
    find: findUpgrade,
    verify: verifyUpgradeRecord,
  });
  const { outcome, panel } = lookup;

  return (
    <section ref={panel} className="panel verifier upgrade-verifier" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('fairness.upgrade.title')}</h2>
      <p className="seed-panel__muted">{t('fairness.upgrade.hint')}</p>
      {loggedIn ? (
        <>
          <UpgradeList selectedId={outcome.kind === 'done' ? outcome.record.id : null} onSelect={lookup.select} />
          <NumberLookupForm
            inputId={`${id}-upgrade`}
            label={t('fairness.upgrade.upgradeId')}
            submit={t('fairness.upgrade.submit')}
            value={lookup.value}
            onChange={lookup.setValue}
            onSubmit={(value) => void lookup.run(value)}
            running={lookup.running}
          />
          {outcome.kind === 'message' && <LookupError text={outcome.text} />}
          {outcome.kind === 'done' && <UpgradeOutcome record={outcome.record} result={outcome.result} />}
        </>
      ) : (
        <EmptyState compact title={t('fairness.upgrade.guest')} />
      )}
      <p className="seed-panel__muted">{t('fairness.upgrade.scheme')}</p>
    </section>
  );
}

/** The player's upgrades, newest first, each handed to the check on a click. */
function UpgradeList({ selectedId, onSelect }: { selectedId: number | null; onSelect: (r: UserUpgradeEntry) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useUpgrades(page);
  return (
    <ProofTable
      query={query}
      page={page}
      pageSize={UPGRADES_PAGE_SIZE}
      onPage={setPage}
      empty={t('fairness.upgrade.empty')}
      heads={[t('fairness.upgrade.number'), t('fairness.upgrade.target'), t('fairness.upgrade.chance')]}
      cells={(r) => [
        <td key="id" className="fair-mono">
          {r.id}
        </td>,
        <td key="target">
          <span className="roll-table__item">{r.target.name}</span>
        </td>,
        <td key="chance">{percentOfPpm(r.rate_ppm)}</td>,
      ]}
      proof={(r) => ({
        nonce: r.proof.nonce,
        at: r.created_at,
        revealed: Boolean(r.proof.server_seed),
        verifyLabel: t('fairness.upgrade.verifyOne', { id: r.id }),
      })}
      time={TIME}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}

function UpgradeOutcome({ record, result }: { record: UserUpgradeEntry; result: UpgradeVerifyResult }) {
  const { t } = useTranslation();
  const p = record.proof;
  const title = t('fairness.upgrade.recordTitle', { id: record.id, name: record.target.name });
  if (result.kind === 'hidden') {
    return (
      <div className="verify-outcome" aria-live="polite" data-testid="upgrade-hidden">
        <h3>{title}</h3>
        <p className="verify-summary">{t('fairness.upgrade.hidden')}</p>
        <p className="verify-check__text">
          <small>{t('fairness.upgrade.committedHash')}</small>
          <span className="fair-mono">{p.server_seed_hash}</span>
        </p>
      </div>
    );
  }
  const decide = (roll: number, success: boolean) =>
    t('fairness.upgrade.decision', {
      roll,
      cmp: roll < record.rate_ppm ? '<' : '≥',
      rate: record.rate_ppm,
      percent: percentOfPpm(record.rate_ppm),
      result: t(success ? 'fairness.upgrade.win' : 'fairness.upgrade.lose'),
    });
  return (
    <div className="verify-outcome" aria-live="polite" data-testid="upgrade-verify">
      <h3>
        {title} · {result.ok ? t('fairness.upgrade.allOk') : t('fairness.upgrade.someBad')}
      </h3>
      <ul className="verify-checks">
        <Check testId="seedHash" ok={result.seedHashOk} label={t('fairness.upgrade.checks.seedHash')}>
          <small className="fair-mono">
            {t('fairness.upgrade.serverSeed')}: {p.server_seed}
          </small>
          <small className="fair-mono">
            {t('fairness.upgrade.committedHash')}: {p.server_seed_hash}
          </small>
        </Check>
        <Check testId="roll" ok={result.rollOk} label={t('fairness.upgrade.checks.roll')}>
          <small className="fair-mono">
            {t('fairness.upgrade.computed', { value: result.roll })} ·{' '}
            {t('fairness.upgrade.recorded', { value: p.roll })}
          </small>
          <small>
            {t('fairness.upgrade.inputs', { client: p.client_seed, nonce: p.nonce })} ·{' '}
            {t('fairness.result.work', { cursor: result.cursor, chunk: result.chunk })}
          </small>
        </Check>
        <Check testId="outcome" ok={result.outcomeOk} label={t('fairness.upgrade.checks.outcome')}>
          <small className="fair-mono">{decide(result.roll, result.success)}</small>
          <small>
            {t('fairness.upgrade.recordedResult', {
              result: t(record.success ? 'fairness.upgrade.win' : 'fairness.upgrade.lose'),
            })}
          </small>
        </Check>
      </ul>
    </div>
  );
}

function Check({ testId, ok, label, children }: { testId: string; ok: boolean; label: string; children: ReactNode }) {
  return (
    <li className={`verify-check ${ok ? 'is-ok' : 'is-bad'}`} data-testid={`upgrade-check-${testId}`}>
      <CheckMark ok={ok} />
      <span className="verify-check__text">
        <strong>{label}</strong>
        {children}
      </span>
    </li>
  );
}
