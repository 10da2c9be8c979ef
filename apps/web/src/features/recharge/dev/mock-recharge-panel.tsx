import { errorMessage } from '@kaixiang/shared/errors';
import { formatUnits, yuanToUnits } from '@kaixiang/shared/money';
import {
  checkMockRecharge,
  type MockRechargeRequest,
  type MockRechargeResponse,
  PAY_MODES,
  type PayMode,
} from '@kaixiang/shared/payments';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError } from '../../../lib/api.ts';
import { useRechargeList } from '../api/get-recharge-list.ts';
import { useMockRecharge } from './mock-recharge-api.ts';
import './i18n/register.ts';
import './mock-recharge.css';

/** Amounts in CNY a developer reaches for: the minimum, the VIP thresholds V1–V5, a big one. */
const PRESETS_YUAN = [10, 100, 500, 1_000, 3_000, 8_000, 50_000] as const;

/** A typed amount in CNY → units; undefined when empty, NaN when not an amount (the check says so). */
function amountUnits(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return yuanToUnits(trimmed);
  } catch {
    return Number.NaN;
  }
}

/**
 * Spec 2 §2 dialog 9: the hidden test-mode recharge panel (development builds only; see
 * mock-recharge-shortcut.tsx). Amount presets or a custom amount, a channel and an optional tier;
 * the server credits it as a paid recharge and the panel shows the new balance and VIP level.
 */
export function MockRechargePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ids = useId();
  const [amount, setAmount] = useState('');
  const [payMode, setPayMode] = useState<PayMode>('alipay');
  const [tierId, setTierId] = useState('');
  const [problem, setProblem] = useState('');
  const [result, setResult] = useState<MockRechargeResponse | null>(null);
  const tiers = useRechargeList(open ? 'alipay' : null).data?.elems ?? [];
  const mock = useMockRecharge();

  function submit() {
    const money = amountUnits(amount);
    const body: MockRechargeRequest = {
      pay_mode: payMode,
      ...(money !== undefined ? { money } : {}),
      ...(tierId ? { recharge_id: Number(tierId) } : {}),
    };
    // The server's own checks, repeated for an answer before the round trip.
    const bad = checkMockRecharge(body);
    if (bad) {
      setProblem(errorMessage(bad, locale));
      return;
    }
    setProblem('');
    setResult(null);
    mock.mutate(body, {
      onSuccess: setResult,
      onError: (error) =>
        setProblem(
          error instanceof ApiError && error.failure === 'rejected' ? error.message : t('mockRecharge.failed'),
        ),
    });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('mockRecharge.title')}
      className="mock-recharge"
      footer={
        <button type="button" className="button button--primary" disabled={mock.isPending} onClick={submit}>
          {mock.isPending ? t('mockRecharge.submitting') : t('mockRecharge.submit')}
        </button>
      }
    >
      <p className="mock-recharge__note">{t('mockRecharge.note')}</p>
      <fieldset className="mock-recharge__presets">
        <legend>{t('mockRecharge.presets')}</legend>
        {PRESETS_YUAN.map((yuan) => (
          <button
            key={yuan}
            type="button"
            className={`mock-recharge__preset${amount === String(yuan) ? ' is-on' : ''}`}
            aria-pressed={amount === String(yuan)}
            onClick={() => setAmount(String(yuan))}
          >
            {t('mockRecharge.preset', { amount: yuan })}
          </button>
        ))}
      </fieldset>
      <label className="mock-recharge__field" htmlFor={`${ids}-amount`}>
        {t('mockRecharge.amount')}
      </label>
      <input
        id={`${ids}-amount`}
        className="mock-recharge__input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('mockRecharge.amountPlaceholder')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !mock.isPending) submit();
        }}
      />
      <label className="mock-recharge__field" htmlFor={`${ids}-channel`}>
        {t('mockRecharge.channel')}
      </label>
      <select
        id={`${ids}-channel`}
        className="mock-recharge__input"
        value={payMode}
        onChange={(e) => setPayMode(e.target.value as PayMode)}
      >
        {PAY_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`recharge.channel.${mode}`)}
          </option>
        ))}
      </select>
      <label className="mock-recharge__field" htmlFor={`${ids}-tier`}>
        {t('mockRecharge.tier')}
      </label>
      <select
        id={`${ids}-tier`}
        className="mock-recharge__input"
        value={tierId}
        onChange={(e) => setTierId(e.target.value)}
      >
        <option value="">{t('mockRecharge.noTier')}</option>
        {tiers.map((tier) => (
          <option key={tier.id} value={tier.id}>
            {t('mockRecharge.tierOption', {
              amount: formatUnits(tier.money, 0),
              percent: tier.addition_money / 100,
            })}
          </option>
        ))}
      </select>
      {problem && (
        <p className="mock-recharge__problem" role="alert">
          {problem}
        </p>
      )}
      {result && (
        <div className="mock-recharge__result" role="status">
          <p>
            {t('mockRecharge.done', {
              orderSn: result.order_sn,
              price: formatUnits(result.price),
              bonus: formatUnits(result.extra_std_money),
            })}
          </p>
          <p className="mock-recharge__balance">
            {t('mockRecharge.balance', { money: formatUnits(result.money), level: result.vip_level })}
          </p>
        </div>
      )}
    </Dialog>
  );
}
