import { formatUnits } from '@kaixiang/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useExchangeQuota } from '../api/exchange-quota.ts';
import { exchangeAmountUnits, maxExchangeAmount, sanitiseExchangeAmount } from '../exchange-amount.ts';
import './wallet.css';

/** What the exchange answers (wallet exchangeResponse): both balances afterwards, in units. */
export interface ExchangeResult {
  money: number;
  mall_quota: number;
}

export interface ExchangeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The player's mall quota in units: the cap of the amount. */
  quotaUnits: number;
  /** The balances after a successful exchange, for the caller to show at once. */
  onExchanged: (balances: ExchangeResult) => void;
}

/** Mall quota → coins 1:1, with clear and max (spec 1 §2 Dialogs, §5, §8). */
export function ExchangeDialog({ open, onClose, quotaUnits, onExchanged }: ExchangeDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const exchange = useExchangeQuota();
  const units = exchangeAmountUnits(value);
  const canSubmit = units !== null && units > 0 && !exchange.isPending;

  function close() {
    setValue('');
    onClose();
  }

  function submit() {
    if (units === null || units <= 0) {
      toast.warning(t('wallet.exchange.enterAmount'));
      return;
    }
    exchange.mutate(units, {
      onSuccess: (balances) => {
        toast.success(t('wallet.exchange.success'));
        onExchanged(balances);
        close();
      },
      onError: (error) => {
        const serverSaid = error instanceof ApiError && error.failure === 'rejected' ? error.message : '';
        if (serverSaid) toast.error(serverSaid, { title: t('wallet.exchange.failed') });
        else toast.error(t('wallet.exchange.failed'));
      },
    });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={t('wallet.exchange.title')}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={!canSubmit} onClick={submit}>
            {t('wallet.exchange.submit')}
          </button>
        </>
      }
    >
      <div className="exchange">
        <p className="exchange__available">
          {t('wallet.exchange.available')}
          <strong data-testid="exchange-available">{formatUnits(quotaUnits)}</strong>
        </p>
        <div className="exchange__field">
          <input
            className="exchange__input"
            inputMode="decimal"
            autoComplete="off"
            aria-label={t('wallet.exchange.amount')}
            placeholder={t('wallet.exchange.placeholder')}
            value={value}
            onChange={(e) => setValue(sanitiseExchangeAmount(e.target.value, quotaUnits))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && canSubmit) submit();
            }}
          />
          <button type="button" className="exchange__chip" onClick={() => setValue('')}>
            {t('wallet.exchange.clear')}
          </button>
          <button
            type="button"
            className="exchange__chip exchange__chip--max"
            onClick={() => setValue(maxExchangeAmount(quotaUnits))}
          >
            {t('wallet.exchange.max')}
          </button>
        </div>
        <p className="exchange__receive">
          {t('wallet.exchange.receive')}
          <strong>{formatUnits(units ?? 0)}</strong>
        </p>
        <p className="exchange__note">{t('wallet.exchange.ratio')}</p>
      </div>
    </Dialog>
  );
}
