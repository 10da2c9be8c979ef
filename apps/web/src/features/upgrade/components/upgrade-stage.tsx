import { isQuality, isWearGrade, QUALITY_LABELS, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import type { UpgradeRatesResponse, UpgradeTarget } from '@kaixiang/shared/upgrade';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { PATHS } from '../../../lib/paths.ts';
import { type Chance, formatPpm } from '../chance.ts';
import { ChanceDial } from './chance-dial.tsx';
import { rarityStyle } from './item-tile.tsx';
import { StakePanel } from './stake-panel.tsx';
import type { StakeItem } from './stake-picker.tsx';
import type { UpgradeSpin } from './upgrade-page.tsx';

/**
 * The upper part of the screen: the stake on the left, the dial with the chance, its maximum and
 * the RTP in the middle, the target on the right; the upgrade button, and once the needle has
 * landed, the result.
 */
export function UpgradeStage(props: {
  rates: UpgradeRatesResponse;
  items: readonly StakeItem[];
  onRemoveItem: (item: StakeItem) => void;
  balanceUnits: number;
  maxBalanceUnits: number;
  onBalance: (units: number) => void;
  stakeUnits: number;
  target: UpgradeTarget | null;
  chance: Chance;
  spin: UpgradeSpin | null;
  busy: boolean;
  onUpgrade: () => void;
  onSkip: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { rates, spin, chance } = props;
  const sweeping = spin !== null && !spin.landed;
  const landed = spin?.landed ? spin.answer : null;
  const shownRate = spin ? spin.answer.rate_ppm : chance.kind === 'ok' ? chance.ratePpm : null;
  const capped = spin ? spin.answer.capped : chance.kind === 'ok' && chance.capped;
  const rtpPpm = spin ? spin.answer.rtp_ppm : chance.kind === 'ok' ? chance.rtpPpm : rates.rtp_ppm;

  return (
    <section className="panel upg-stage" aria-label={t('upgrade.title')}>
      <StakePanel
        items={props.items}
        maxItems={rates.max_stake_items}
        onRemove={props.onRemoveItem}
        balanceUnits={props.balanceUnits}
        maxBalanceUnits={props.maxBalanceUnits}
        stepUnits={rates.balance_step_units}
        onBalance={props.onBalance}
        stakeUnits={props.stakeUnits}
        locked={sweeping || props.busy}
      />
      <div className="upg-centre">
        <ChanceDial
          ratePpm={shownRate}
          maxRatePpm={rates.max_rate_ppm}
          spin={spin ? { roll: spin.answer.proof.roll, startedAt: spin.startedAt, landed: spin.landed } : null}
          outcome={landed ? (landed.success ? 'win' : 'lose') : null}
        >
          {landed ? (
            <>
              <strong className="upg-dial__result" data-testid="upg-outcome">
                {t(landed.success ? 'upgrade.result.win' : 'upgrade.result.lose')}
              </strong>
              <span className="upg-dial__sub" data-testid="upg-roll">
                {t('upgrade.result.roll', { roll: formatPpm(landed.proof.roll, 4) })}
              </span>
              <span className="upg-dial__sub">{t('upgrade.result.chance', { rate: formatPpm(landed.rate_ppm) })}</span>
            </>
          ) : (
            <>
              <strong className="upg-dial__chance" data-testid="upg-chance">
                {shownRate === null ? '--' : formatPpm(shownRate)}
              </strong>
              <span className="upg-dial__sub">{t(sweeping ? 'upgrade.dial.rolling' : 'upgrade.dial.chance')}</span>
            </>
          )}
        </ChanceDial>
        <p className="upg-limits" data-testid="upg-limits">
          {t('upgrade.dial.max', { rate: formatPpm(rates.max_rate_ppm) })}
          <span aria-hidden="true"> · </span>
          {t('upgrade.dial.rtp', { rate: formatPpm(rates.rtp_ppm) })}
        </p>
        <p className="upg-note" data-testid="upg-note">
          {chance.kind === 'refused' && !spin
            ? t(`upgrade.refused.${chance.reason}`)
            : capped
              ? t('upgrade.dial.capped', { rate: formatPpm(rtpPpm) })
              : props.target === null && !spin
                ? t('upgrade.target.required')
                : ''}
        </p>
        {sweeping ? (
          <button type="button" className="button button--ghost button--lg" onClick={props.onSkip}>
            {t('upgrade.skip')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary button--lg upg-go"
            disabled={props.busy}
            onClick={props.onUpgrade}
          >
            {t('upgrade.go')}
          </button>
        )}
        {landed && (
          <div className={`upg-result ${landed.success ? 'is-win' : 'is-lose'}`} role="status">
            <p>{landed.success ? t('upgrade.result.won', { name: landed.target.name }) : t('upgrade.result.lost')}</p>
            {landed.success && (
              <Link className="upg-link" to={PATHS.inventory}>
                {t('upgrade.result.toInventory')}
              </Link>
            )}
            <button type="button" className="link-button" onClick={props.onDismiss}>
              {t('upgrade.result.again')}
            </button>
          </div>
        )}
      </div>
      <TargetSlot target={props.target} />
    </section>
  );
}

function TargetSlot({ target }: { target: UpgradeTarget | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="upg-side upg-target" aria-labelledby="upg-target-side">
      <h2 id="upg-target-side">{t('upgrade.target.title')}</h2>
      {target ? (
        <div className="upg-target__card" style={rarityStyle(target.quality)} data-testid="upg-target">
          <span className="item-card__glow" aria-hidden="true" />
          <ItemImage src={target.img} alt={target.name} itemId={target.item_id} className="upg-target__img" />
          <strong className="upg-target__name">{target.name}</strong>
          <span className="upg-muted">
            {isQuality(target.quality) ? QUALITY_LABELS[target.quality][locale] : ''}
            {isWearGrade(target.exter) ? ` · ${WEAR_GRADE_LABELS[target.exter][locale]}` : ''}
          </span>
          <Price units={target.price} className="upg-target__price" />
        </div>
      ) : (
        <p className="upg-stake__none">{t('upgrade.target.none')}</p>
      )}
    </section>
  );
}
