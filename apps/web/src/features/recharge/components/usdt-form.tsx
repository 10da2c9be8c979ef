import { USDT_CHAINS, type UsdtChain } from '@kaixiang/shared/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeDialog } from '../../../components/dialog.tsx';
import { helpPath } from '../../../lib/paths.ts';
import { bonusPercent } from '../recharge-rules.ts';
import { formatRate, sanitiseUsdtAmount, USDT_INPUT_MAX_LENGTH, usdtQuantity } from '../usdt.ts';

/** Spec 2 §3: TRX (trc20) and ETH (erc20). */
const CHAIN_LABELS: Record<UsdtChain, string> = { trc20: 'TRC20', erc20: 'ERC20' };
/** The help notice can be dismissed only after this wait (spec 2 §2 dialog 1). */
const HELP_WAIT_MS = 3000;

/** The USDT tab (spec 2 §2 dialog 1): chain, CNY amount, reference rate, quantity, bonus note. */
export function UsdtForm({
  chain,
  amount,
  rate,
  bonusAddition,
  onChain,
  onAmount,
}: {
  chain: UsdtChain;
  amount: string;
  /** Hundredths of a CNY per USDT. */
  rate: number;
  /** The first tier's addition_money, the bonus the note promises. */
  bonusAddition: number;
  onChain: (chain: UsdtChain) => void;
  onAmount: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <div className="usdt-form">
      <div className="recharge-channels" role="radiogroup" aria-label={t('recharge.usdt.chain')}>
        {USDT_CHAINS.map((c) => (
          // biome-ignore lint/a11y/useSemanticElements: styled like the channel tabs
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={c === chain}
            className={`recharge-channels__tab ${c === chain ? 'is-active' : ''}`}
            onClick={() => onChain(c)}
          >
            {CHAIN_LABELS[c]}
          </button>
        ))}
      </div>
      <label className="usdt-form__field">
        <span>{t('recharge.usdt.amount')}</span>
        <input
          className="usdt-form__input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={USDT_INPUT_MAX_LENGTH}
          placeholder={t('recharge.usdt.placeholder')}
          value={amount}
          onChange={(e) => onAmount(sanitiseUsdtAmount(e.target.value))}
        />
      </label>
      <p className="recharge__note">{t('recharge.usdt.rate', { rate: formatRate(rate) })}</p>
      <p className="recharge__payable" data-testid="usdt-quantity">
        {t('recharge.usdt.quantity', { quantity: usdtQuantity(Number(amount) || 0, rate) })}
      </p>
      {bonusAddition > 0 && (
        <p className="recharge__note">{t('recharge.usdt.bonus', { percent: bonusPercent(bonusAddition) })}</p>
      )}
      <button type="button" className="chip-button usdt-form__help" onClick={() => setHelpOpen(true)}>
        {t('recharge.usdt.help')}
      </button>
      <NoticeDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        title={t('recharge.usdt.helpTitle')}
        waitMs={HELP_WAIT_MS}
        body={
          <>
            <p>{t('recharge.usdt.helpBody')}</p>
            <Link to={helpPath('AntiMoneyLaundering')} target="_blank">
              {t('recharge.usdt.tutorial')}
            </Link>
          </>
        }
      />
    </div>
  );
}
