import type { EnergyLevel, EnergyOpenResponse } from '@kaixiang/shared/energy';
import { formatUnits } from '@kaixiang/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconBolt } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { BagArt } from '../../bags/components/bag-art.tsx';
import { useEnergy, useOpenEnergy } from '../api/energy.ts';
import { energyTexts } from '../texts.ts';
import { FreeBoxes } from './free-boxes.tsx';
import './energy.css';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

/** Where /fairness checks an energy box's opening: it is a lucky bag of the level's campaign. */
const fairnessPath = (bagId: number) => `${PATHS.fairness}?bag=${bagId}`;

const chinaDate = (ms: number) => new Date(ms + 8 * 3600 * 1000).toISOString().slice(5, 16).replace('T', ' ');

/**
 * /activity/energyBox (能量箱): this week's energy, the levels with their tables, the open buttons;
 * below, the free boxes (the spec's one screen "Energy box and first-charge free box").
 */
export function EnergyPage() {
  return (
    <FeatureTextsGate texts={energyTexts}>
      <EnergyBox />
    </FeatureTextsGate>
  );
}

function EnergyBox() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  return (
    <div className="page energy-box">
      <header className="page-head">
        <span className="page-head__icon">
          <IconBolt size={26} />
        </span>
        <div>
          <h1>{t('energyBox.title')}</h1>
          <p>{t('energyBox.subtitle')}</p>
        </div>
      </header>
      <section className="panel energy-box__panel">
        {loggedIn ? (
          <Levels />
        ) : (
          <EmptyState
            title={t('energyBox.signInHint')}
            action={
              <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
                {t('energyBox.button.signIn')}
              </button>
            }
          />
        )}
        <p className="energy-box__rules">{t('energyBox.rules')}</p>
      </section>
      {loggedIn && <FreeBoxes />}
    </div>
  );
}

function Levels() {
  const { t } = useTranslation();
  const query = useEnergy();
  const open = useOpenEnergy();
  const [result, setResult] = useState<EnergyOpenResponse | null>(null);
  const once = useSingleFlight();
  if (query.isPending) {
    return (
      <div className="center-block energy-box__loading">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <EmptyState title={t('energyBox.failed')} />;
  const { energy, levels, period_start, period_end } = query.data;
  if (levels.length === 0) return <EmptyState title={t('energyBox.empty')} />;

  async function onOpen(level: EnergyLevel) {
    // A refusal (level not reached, opened this week) is shown in the server's words.
    const answer = await once(() => open.mutateAsync(level.id));
    if (answer) setResult(answer);
  }

  const top = levels[levels.length - 1]?.energy ?? 1;
  const next = levels.find((l) => l.energy > energy);
  const marks = levels.map((l, i) => ({ level: l, at: ((i + 1) / levels.length) * 100 }));
  return (
    <>
      <div className="energy-meter">
        <div className="energy-meter__head">
          <span>{t('energyBox.energy')}</span>
          <strong data-testid="energy-value">{formatUnits(energy)}</strong>
          <span className="energy-meter__next">
            {next
              ? t('energyBox.toNext', { name: next.name, value: formatUnits(next.energy - energy) })
              : t('energyBox.allReached')}
          </span>
        </div>
        <div
          className="energy-meter__bar"
          role="progressbar"
          aria-label={t('energyBox.energy')}
          aria-valuemin={0}
          aria-valuemax={top}
          aria-valuenow={Math.min(energy, top)}
        >
          <span className="energy-meter__fill" style={{ width: `${fillPercent(energy, levels)}%` }} />
          {marks.map(({ level: l, at }) => (
            <span
              key={l.id}
              className={`energy-meter__mark${energy >= l.energy ? ' is-reached' : ''}`}
              style={{ left: `${at}%` }}
              title={l.name}
            >
              {l.level}
            </span>
          ))}
        </div>
        <p className="energy-meter__period">
          {t('energyBox.period', { from: chinaDate(period_start), to: chinaDate(period_end) })}
        </p>
      </div>
      <ul className="energy-levels">
        {levels.map((l) => (
          <LevelCard key={l.id} level={l} busy={open.isPending} onOpen={() => void onOpen(l)} />
        ))}
      </ul>
      <Dialog
        open={result !== null}
        onClose={() => setResult(null)}
        size="sm"
        className="energy-result"
        title={t('energyBox.result.title')}
        footer={
          <button type="button" className="button button--primary" onClick={() => setResult(null)}>
            {t('energyBox.result.ok')}
          </button>
        }
      >
        {result && (
          <div className="energy-result__body">
            <BagArt size={96} />
            <p>{t('energyBox.result.text', { name: result.name })}</p>
            <strong data-testid="energy-won">¥{formatUnits(result.get_money)}</strong>
            <Link className="energy-link" to={fairnessPath(result.bag_id)} onClick={() => setResult(null)}>
              {t('energyBox.result.verify')}
            </Link>
          </div>
        )}
      </Dialog>
    </>
  );
}

/**
 * The bar's fill: the levels sit at equal steps along it (their energies grow by five times a
 * step, a linear scale would crowd the first ones together), the fill moving linearly between two.
 */
export function fillPercent(energy: number, levels: readonly Pick<EnergyLevel, 'energy'>[]): number {
  const n = levels.length;
  let from = 0;
  for (let i = 0; i < n; i++) {
    const need = levels[i]?.energy ?? 0;
    if (energy < need) return ((i + Math.max(0, energy - from) / (need - from)) / n) * 100;
    from = need;
  }
  return 100;
}

function LevelCard({ level, busy, onOpen }: { level: EnergyLevel; busy: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const total = level.table.ticket_total;
  return (
    <li className={`energy-level energy-level--${level.state}`} data-testid={`energy-level-${level.level}`}>
      <div className="energy-level__head">
        <BagArt size={52} />
        <div className="energy-level__title">
          <div className="energy-level__row">
            <span className="energy-level__level">{t('energyBox.level', { level: level.level })}</span>
            <span className={`energy-level__state energy-level__state--${level.state}`}>
              {t(`energyBox.state.${level.state}`)}
            </span>
          </div>
          <h2>{level.name}</h2>
        </div>
      </div>
      <p className="energy-level__need">{t('energyBox.need', { value: formatUnits(level.energy) })}</p>
      <p className="energy-level__ev">{t('energyBox.ev', { value: formatUnits(level.table.ev) })}</p>
      {level.opened && (
        <p className="energy-level__won">
          {t('energyBox.won', { value: formatUnits(level.opened.get_money) })}{' '}
          <Link className="energy-link" to={fairnessPath(level.opened.bag_id)}>
            {t('energyBox.verify')}
          </Link>
        </p>
      )}
      <button type="button" className="link-button energy-level__toggle" onClick={() => setShowTable((v) => !v)}>
        {showTable ? t('energyBox.table.hide') : t('energyBox.table.show')}
      </button>
      {showTable && (
        <div className="energy-level__table">
          <table>
            <thead>
              <tr>
                <th>{t('energyBox.table.amount')}</th>
                <th>{t('energyBox.table.chance')}</th>
                <th>{t('energyBox.table.tickets')}</th>
              </tr>
            </thead>
            <tbody>
              {level.table.entries.map((e) => (
                <tr key={e.ticket_from}>
                  <td>¥{formatUnits(e.amount)}</td>
                  <td>{((e.tickets / total) * 100).toFixed(2)}%</td>
                  <td>
                    {e.ticket_from}–{e.ticket_to - 1}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="energy-level__hash">
            {t('energyBox.table.hash', { version: level.table.version })} <code>{level.table.table_hash}</code>
          </p>
        </div>
      )}
      <button
        type="button"
        className={`button ${level.state === 'open' ? 'button--primary' : 'button--ghost'} energy-level__open`}
        disabled={level.state !== 'open' || busy}
        onClick={onOpen}
      >
        {level.state === 'open'
          ? t('energyBox.button.open')
          : level.state === 'opened'
            ? t('energyBox.button.opened')
            : t('energyBox.button.locked')}
      </button>
    </li>
  );
}
