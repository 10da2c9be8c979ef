import { REALITY_CHECK_MINUTES } from '@kaixiang/shared/protection';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { type ProtectionSnapshot, useSetRealityCheck } from '../api/protection.ts';

/** The reminder interval (issue 24 §2 "Reality checks"): applies at once, 0 turns it off. */
export function RealityCheckCard({ view }: { view: ProtectionSnapshot }) {
  const { t } = useTranslation();
  const save = useSetRealityCheck();
  const [minutes, setMinutes] = useState(view.reality_check_minutes);
  useEffect(() => setMinutes(view.reality_check_minutes), [view.reality_check_minutes]);

  return (
    <section className="panel protection-card" aria-label={t('protection.reality.title')}>
      <h2 className="protection-card__title">{t('protection.reality.title')}</h2>
      <p className="protection-card__hint">{t('protection.reality.note')}</p>
      <div className="protection-card__row">
        <div className="auth-field protection-select">
          <select
            className="auth-field__input auth-field__select"
            aria-label={t('protection.reality.label')}
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
          >
            {REALITY_CHECK_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t(`protection.reality.minutes.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--primary"
          disabled={save.isPending || minutes === view.reality_check_minutes}
          onClick={() => save.mutate({ minutes }, { onSuccess: () => toast.success(t('protection.reality.saved')) })}
        >
          {save.isPending && <Spinner size={14} />}
          {t('protection.reality.save')}
        </button>
      </div>
      {save.error && (
        <p className="protection__error" role="alert">
          {save.error.message || t('protection.failed')}
        </p>
      )}
    </section>
  );
}
