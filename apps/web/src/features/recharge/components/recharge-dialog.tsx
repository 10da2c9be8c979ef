import { UNITS_PER_YUAN } from '@kaixiang/shared/money';
import type { MoneyTier, PayMode, UsdtChain } from '@kaixiang/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Dialog, NoticeDialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { browser } from '../../../lib/browser.ts';
import { PATHS } from '../../../lib/paths.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useCouponList } from '../api/get-coupon-list.ts';
import { usePayModes } from '../api/get-pay-modes.ts';
import { DEVICE_PC, useRechargeList } from '../api/get-recharge-list.ts';
import { useIsFirstRecharge } from '../api/is-first-recharge.ts';
import { useAnchorShortcut } from '../hooks/use-anchor-shortcut.ts';
import { useRechargeOrder } from '../hooks/use-recharge-order.ts';
import { CONDITION_KEYS, type ConditionKey, firstUnmetRule } from '../recharge-rules.ts';
import { rateHundredths, usdtAmountProblem } from '../usdt.ts';
import { CouponPicker } from './coupon-picker.tsx';
import { PayQr } from './pay-qr.tsx';
import { RechargeChecks } from './recharge-checks.tsx';
import { TierGrid } from './tier-grid.tsx';
import { UsdtForm } from './usdt-form.tsx';
import './recharge.css';

/**
 * Pages that reload after a recharge succeeds (spec 2 §2: route names checked after a recharge
 * success — vipRoll-details, vipDailyTasks, worldCup): what they show depends on the recharge.
 */
export const RELOAD_AFTER_RECHARGE_PATHS: readonly string[] = [
  PATHS.vipRollDetails,
  PATHS.vipDailyTasks,
  PATHS.worldCup,
];

/** The recharge dialog (spec 2 §2 dialog 1). Its state lives only while it is open. */
export function RechargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('recharge.title')} size="lg" className="recharge-dialog">
      {open && <RechargeBody onClose={onClose} />}
    </Dialog>
  );
}

const ALL_TICKED: Record<ConditionKey, boolean> = { resale: true, rational: true, afford: true };

function RechargeBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const modes = usePayModes(true);
  const channels = modes.data ?? [];
  const [chosenMode, setChosenMode] = useState<PayMode | null>(null);
  const mode = chosenMode ?? channels[0]?.pay_mode ?? null;
  const tiers = useRechargeList(mode);
  const [tier, setTier] = useState<MoneyTier | null>(null);
  const [adult, setAdult] = useState(false);
  const [conditions, setConditions] = useState(ALL_TICKED);
  const [chain, setChain] = useState<UsdtChain>('trc20');
  const [usdtAmount, setUsdtAmount] = useState('');
  const coupons = useCouponList(true).data ?? [];
  const [couponId, setCouponId] = useState<number | null>(null);
  const firstRecharge = useIsFirstRecharge().data === true;
  const [firstNoticeSeen, setFirstNoticeSeen] = useState(false);
  const crypto = mode === 'crypto_pay';

  const order = useRechargeOrder({
    onPaid: () => {
      toast.success(t('recharge.paid'));
      // The balance (money_modify usually got there first), VIP level and anything per user.
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] });
      onClose();
      if (RELOAD_AFTER_RECHARGE_PATHS.includes(pathname)) browser.reload();
    },
    onExpired: () => toast.warning(t('recharge.expired')),
    onFailed: () => toast.error(t('recharge.failed')),
  });

  useAnchorShortcut(order.phase === 'open' ? (order.order?.order_sn ?? null) : null, order.settle);

  function chooseMode(next: PayMode) {
    if (next === mode) return;
    setChosenMode(next);
    setTier(null);
    order.reset();
  }

  function chooseTier(next: MoneyTier) {
    setTier(next);
    if (next.id === tier?.id) return;
    order.reset();
    // A card whose minimum the new tier misses is let go rather than refused on confirm.
    const card = coupons.find((c) => c.user_card_id === couponId);
    if (card && next.money < card.info_value.min_money) setCouponId(null);
  }

  function chooseCoupon(next: number | null) {
    setCouponId(next);
    order.reset();
  }

  function confirm() {
    if (channels.length === 0) {
      toast.warning(t('recharge.errors.noChannel'));
      return;
    }
    const tierChosen = crypto || tier !== null;
    const unmet = firstUnmetRule({
      adult,
      conditions,
      tierChosen,
      loading: order.phase === 'loading',
      qrShown: order.phase === 'open',
    });
    if (unmet) {
      toast.warning(t(`recharge.${unmet}`));
      return;
    }
    // The server checks the same boxes (spec 2 §5): it is told what was ticked, not trusted blindly.
    const agreed = { adult: 1, conditions: CONDITION_KEYS.filter((k) => conditions[k]) };
    if (crypto) {
      const problem = usdtAmountProblem(usdtAmount);
      if (problem) {
        toast.warning(t(`recharge.usdt.${problem}`));
        return;
      }
      // The amount is free; the order names the channel's first tier, whose bonus the note shows.
      order.start({
        ...agreed,
        coin_recharge_id: tiers.data?.elems[0]?.id ?? 0,
        pay_model: 'crypto_pay',
        chain,
        device: DEVICE_PC,
        amount: Number(usdtAmount) * UNITS_PER_YUAN,
      });
      return;
    }
    if (!tier || !mode) return;
    order.start({
      ...agreed,
      coin_recharge_id: tier.id,
      pay_model: mode,
      device: DEVICE_PC,
      ...(couponId === null ? {} : { card_coupon_id: couponId }),
    });
  }

  if (modes.isPending) {
    return (
      <div className="recharge center-block">
        <Spinner />
      </div>
    );
  }
  if (channels.length === 0) {
    return <EmptyState compact title={t(modes.isError ? 'recharge.loadFailed' : 'recharge.errors.noChannel')} />;
  }

  return (
    <div className="recharge">
      <div className="recharge__main">
        <div className="recharge-channels" role="tablist" aria-label={t('recharge.channels')}>
          {channels.map((c) => (
            <button
              key={c.id}
              type="button"
              role="tab"
              aria-selected={c.pay_mode === mode}
              className={`recharge-channels__tab ${c.pay_mode === mode ? 'is-active' : ''}`}
              onClick={() => chooseMode(c.pay_mode)}
            >
              {t(`recharge.channel.${c.pay_mode}`)}
            </button>
          ))}
        </div>
        {crypto ? (
          <UsdtForm
            chain={chain}
            amount={usdtAmount}
            rate={rateHundredths(tiers.data?.exchange_rate)}
            bonusAddition={tiers.data?.elems[0]?.addition_money ?? 0}
            onChain={(next) => {
              setChain(next);
              order.reset();
            }}
            onAmount={(next) => {
              setUsdtAmount(next);
              order.reset();
            }}
          />
        ) : (
          <>
            <h3 className="recharge__label">{t('recharge.tiers')}</h3>
            {tiers.isPending ? (
              <div className="center-block">
                <Spinner />
              </div>
            ) : (tiers.data?.elems.length ?? 0) === 0 ? (
              <EmptyState compact title={t(tiers.isError ? 'recharge.loadFailed' : 'recharge.noTiers')} />
            ) : (
              <TierGrid tiers={tiers.data?.elems ?? []} selectedId={tier?.id ?? null} onSelect={chooseTier} />
            )}
            <CouponPicker
              cards={coupons}
              moneyUnits={tier?.money ?? null}
              selectedId={couponId}
              onSelect={chooseCoupon}
            />
            {mode === 'wechat_pay' && <p className="recharge__note">{t('recharge.wechatLimit')}</p>}
            <p className="recharge__payable">
              {t('recharge.payable')}
              <Price units={order.order?.real_price ?? tier?.money ?? 0} />
            </p>
          </>
        )}
        <RechargeChecks
          adult={adult}
          conditions={conditions}
          onAdult={(checked) => {
            setAdult(checked);
            if (!checked) order.reset();
          }}
          onCondition={(key, checked) => {
            setConditions((c) => ({ ...c, [key]: checked }));
            if (!checked) order.reset();
          }}
        />
        <button type="button" className="button button--primary recharge__confirm" onClick={confirm}>
          {t('recharge.confirm')}
        </button>
        <p className="recharge__note">{t('recharge.arrival')}</p>
      </div>
      <NoticeDialog
        open={firstRecharge && !firstNoticeSeen}
        title={t('recharge.first.title')}
        body={t('recharge.first.body')}
        confirmText={t('recharge.first.ok')}
        onClose={() => setFirstNoticeSeen(true)}
      />
      <PayQr phase={order.phase} order={order.order} secondsLeft={order.secondsLeft} onRefresh={order.refresh} />
    </div>
  );
}
