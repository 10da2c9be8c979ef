import type { CreateOrderResponse } from '@kaixiang/shared/payments';
import { useTranslation } from 'react-i18next';
import { IconExternal } from '../../../components/icons.tsx';
import { Price } from '../../../components/price.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { OrderPhase } from '../hooks/use-recharge-order.ts';
import { formatCountdown } from '../recharge-rules.ts';
import { UsdtPayCode } from './usdt-pay-dialog.tsx';

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
 * its countdown, and on expiry the refresh overlay that makes a new order. A USDT order opens its
 * pay-code sub-dialog instead (usdt-pay-dialog.tsx).
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
    return <UsdtPayCode order={order} expired={expired} secondsLeft={secondsLeft} onRefresh={onRefresh} />;
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
