import { type AdminCupFixture, CUP_RESULTS, type CupResult } from '@kaixiang/shared/cup';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { useSettleCupFixture } from './events-api.ts';
import { FormDialog, localisedOf, nameIn } from './events-bits.tsx';

/**
 * Enter a fixture's result (admin/v1/cup/settle-fixture). It pays every right pick at once (a void
 * refunds every stake) and cannot be undone, so the result is chosen first and confirmed second.
 */
export function SettleDialog({ fixture, onClose }: { fixture: AdminCupFixture; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const settle = useSettleCupFixture();
  const [result, setResult] = useState<CupResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const home = nameIn(localisedOf(fixture, 'home'), locale);
  const away = nameIn(localisedOf(fixture, 'away'), locale);
  const resultText = (r: CupResult) => t(`adminEvents.cup.result.${r}`, { home, away });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (result === null) {
      setProblem(t('adminEvents.cup.settle.pickProblem'));
      return;
    }
    setProblem(null);
    if (!confirming) {
      setConfirming(true);
      return;
    }
    settle.mutate({ id: fixture.id, result, reason: reason.trim() }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={t('adminEvents.cup.settle.title', { id: fixture.id, home, away })}
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={settle}
      submitText={t(confirming ? 'adminEvents.cup.settle.confirm' : 'adminEvents.cup.settle.next')}
    >
      <fieldset className="adm-events__fieldset" disabled={confirming}>
        <legend>{t('adminEvents.cup.settle.pick')}</legend>
        {CUP_RESULTS.map((r) => (
          <label key={r} className="adm-events__check">
            <input
              type="radio"
              name="result"
              value={r}
              checked={result === r}
              disabled={r === 'draw' && fixture.odds_draw_bp === null}
              onChange={() => setResult(r)}
            />
            {resultText(r)}
          </label>
        ))}
      </fieldset>
      {confirming && result !== null ? (
        <div className="adm-notice adm-notice--error" role="status">
          <p>{t('adminEvents.cup.settle.confirmHint', { result: resultText(result) })}</p>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => {
              settle.reset();
              setConfirming(false);
            }}
          >
            {t('adminEvents.cup.settle.back')}
          </button>
        </div>
      ) : (
        <p className="adm-table__muted">{t('adminEvents.cup.settle.hint')}</p>
      )}
    </FormDialog>
  );
}
