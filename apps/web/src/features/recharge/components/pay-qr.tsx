import type { CreateOrderResponse } from '@kaixiang/shared/payments';
import { useTranslation } from 'react-i18next';
import { IconExternal } from '../../../components/icons.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import type { OrderPhase } from '../hooks/use-recharge-order.ts';
import { QrCode } from '../qr/qr-code.tsx';
import { formatCountdown } from '../recharge-rules.ts';

/** A phone that scans the QR knows no origin: a cashier path from the server becomes a full address. */
function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

/**
 * The QR area (spec 2 §2 dialog 1, §4): empty until an order exists, the cashier link as a QR with
 * its countdown, and on expiry the refresh overlay that makes a new order.
 */
export function PayQr({
  phase,
  order,
  secondsLeft,
  onRefresh,
}: {
  phase: OrderPhase;
  order: CreateOrderResponse | null;
  secondsLeft: number;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  if (phase === 'idle' || !order) {
    return (
      <div className="pay-qr pay-qr--empty" data-testid="pay-qr">
        {phase === 'loading' ? (
          <>
            <Spinner />
            <span>{t('recharge.errors.qrLoading')}</span>
          </>
        ) : (
          <span>{t('recharge.qrHint')}</span>
        )}
      </div>
    );
  }
  const expired = phase === 'expired';
  if (order.crypto_address) {
    return <CryptoPayCode order={order} expired={expired} secondsLeft={secondsLeft} onRefresh={onRefresh} />;
  }
  const cashierUrl = absoluteUrl(order.pay_data_url);
  return (
    <div className="pay-qr" data-testid="pay-qr">
      <div className="pay-qr__code">
        <QrCode text={cashierUrl} label={t('recharge.qrLabel')} />
        {expired && (
          <div className="pay-qr__overlay">
            <strong>{t('recharge.expired')}</strong>
            <button type="button" className="button button--primary button--sm" onClick={onRefresh}>
              {t('recharge.refresh')}
            </button>
          </div>
        )}
      </div>
      <div className="pay-qr__info">
        <p className="pay-qr__amount">
          {t('recharge.payable')}
          <Price units={order.real_price} />
        </p>
        {!expired && (
          <p className="pay-qr__countdown">
            {t('recharge.expiresIn')}
            <strong data-testid="pay-countdown">{formatCountdown(secondsLeft)}</strong>
          </p>
        )}
        <p className="pay-qr__hint">{t('recharge.scanHint')}</p>
        {!expired && (
          <a className="button button--ghost button--sm" href={cashierUrl} target="_blank" rel="noopener">
            <IconExternal size={14} />
            {t('recharge.openCashier')}
          </a>
        )}
        <p className="pay-qr__sn">{t('recharge.orderSn', { sn: order.order_sn })}</p>
      </div>
    </div>
  );
}

/** The USDT pay code: the deposit address as a QR, the exact quantity and chain, a copy button. */
function CryptoPayCode({
  order,
  expired,
  secondsLeft,
  onRefresh,
}: {
  order: CreateOrderResponse;
  expired: boolean;
  secondsLeft: number;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const address = order.crypto_address ?? '';
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(t('recharge.usdt.copied'));
    } catch {
      toast.error(t('recharge.usdt.copyFailed'));
    }
  }
  return (
    <div className="pay-qr" data-testid="pay-qr">
      <div className="pay-qr__code">
        <QrCode text={address} label={t('recharge.usdt.addressQr')} />
        {expired && (
          <div className="pay-qr__overlay">
            <strong>{t('recharge.expired')}</strong>
            <button type="button" className="button button--primary button--sm" onClick={onRefresh}>
              {t('recharge.refresh')}
            </button>
          </div>
        )}
      </div>
      <div className="pay-qr__info">
        <p className="pay-qr__amount">
          {t('recharge.usdt.pay', { quantity: order.crypto_amount ?? '', chain: (order.chain ?? '').toUpperCase() })}
        </p>
        {!expired && (
          <p className="pay-qr__countdown">
            {t('recharge.expiresIn')}
            <strong data-testid="pay-countdown">{formatCountdown(secondsLeft)}</strong>
          </p>
        )}
        <p className="pay-qr__sn">{address}</p>
        <button type="button" className="button button--ghost button--sm" onClick={() => void copy()}>
          {t('recharge.usdt.copy')}
        </button>
        <p className="pay-qr__hint">{t('recharge.usdt.arrival')}</p>
      </div>
    </div>
  );
}
