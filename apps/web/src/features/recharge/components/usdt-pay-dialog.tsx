import type { CreateOrderResponse } from '@kaixiang/shared/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { formatCountdown } from '../recharge-rules.ts';

interface PayCodeProps {
  order: CreateOrderResponse;
  expired: boolean;
  secondsLeft: number;
  onRefresh: () => void;
}

/**
 * The USDT pay code (spec 2 §2 dialog 1, a sub-dialog of the recharge dialog): chain, the order's
 * own deposit address as a QR with a copy button, the exact quantity, and a countdown to expiry,
 * then '订单已过期'. The recharge dialog's QR area keeps a way back to it once closed; a payment
 * (poll or push) closes everything with the success message, as for any channel.
 */
export function UsdtPayCode({ order, expired, secondsLeft, onRefresh }: PayCodeProps) {
  const { t } = useTranslation();
  // Closed by the player for this order; a new order opens it again.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const open = closedFor !== order.order_sn;
  return (
    <div className="pay-qr pay-qr--empty" data-testid="pay-qr">
      <span>{t('recharge.usdt.payPending', { chain: (order.chain ?? '').toUpperCase() })}</span>
      <button type="button" className="button button--ghost button--sm" onClick={() => setClosedFor(null)}>
        {t('recharge.usdt.showPay')}
      </button>
      <Dialog
        open={open}
        onClose={() => setClosedFor(order.order_sn)}
        title={t('recharge.usdt.payTitle')}
        size="sm"
        className="usdt-pay"
      >
        <UsdtPayBody order={order} expired={expired} secondsLeft={secondsLeft} onRefresh={onRefresh} />
      </Dialog>
    </div>
  );
}

function UsdtPayBody({ order, expired, secondsLeft, onRefresh }: PayCodeProps) {
  const { t } = useTranslation();
  const address = order.crypto_address ?? '';
  const chain = (order.chain ?? '').toUpperCase();
  return (
    <div className="usdt-pay__body">
      <p className="usdt-pay__chain">{t('recharge.usdt.network', { chain })}</p>
      <div className="pay-qr__code">
        <QrCode text={order.pay_data_url || address} label={t('recharge.usdt.addressQr')} />
        {expired && (
          <div className="pay-qr__overlay">
            <strong>{t('recharge.expired')}</strong>
          </div>
        )}
      </div>
      <p className="pay-qr__amount">{t('recharge.usdt.pay', { quantity: order.crypto_amount ?? '', chain })}</p>
      <p className="usdt-pay__label">{t('recharge.usdt.address')}</p>
      <code className="usdt-pay__address">{address}</code>
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() =>
          void copyWithToast(address, { ok: t('recharge.usdt.copied'), failed: t('recharge.usdt.copyFailed') })
        }
      >
        {t('recharge.usdt.copy')}
      </button>
      {expired ? (
        <div className="usdt-pay__expired">
          <p role="status">
            <strong>{t('recharge.expired')}</strong>
          </p>
          <button type="button" className="button button--primary button--sm" onClick={onRefresh}>
            {t('recharge.usdt.reorder')}
          </button>
        </div>
      ) : (
        <p className="pay-qr__countdown">
          {t('recharge.usdt.expiresIn')}
          <strong data-testid="usdt-countdown">{formatCountdown(secondsLeft)}</strong>
        </p>
      )}
      <p className="pay-qr__hint">{t('recharge.usdt.exact')}</p>
      <p className="pay-qr__hint">{t('recharge.usdt.arrival')}</p>
      <p className="pay-qr__sn">{t('recharge.orderSn', { sn: order.order_sn })}</p>
    </div>
  );
}
