import { LIMIT_FIELDS, type LimitField } from '@kaixiang/shared/protection';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { type ProtectionSnapshot, useSaveLimits } from '../api/protection.ts';
import { momentText, yuanText } from '../format.ts';
import { changedLimits, type LimitInputs, limitInputs } from '../limits.ts';

/**
 * The six limits (issue 24 §2 "Limits"), in yuan. Each field starts at the limit in force and
 * shows this period's usage and any raise still waiting; one save sends only the fields changed.
 */
export function LimitsCard({ view }: { view: ProtectionSnapshot }) {
  const { t, i18n } = useTranslation();
  const save = useSaveLimits();
  const [inputs, setInputs] = useState<LimitInputs>(() => limitInputs(view.limits));
  const [invalid, setInvalid] = useState<readonly LimitField[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  // A saved change (or one made elsewhere) becomes the new starting point of every field.
  const inForceKey = LIMIT_FIELDS.map((f) => view.limits[f]).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the limits in force only
  useEffect(() => setInputs(limitInputs(view.limits)), [inForceKey]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const changes = changedLimits(view.limits, inputs);
    if (!changes.ok) {
      setInvalid(changes.invalid);
      return;
    }
    setInvalid([]);
    if (Object.keys(changes.limits).length === 0) {
      setNotice(t('protection.limits.unchanged'));
      return;
    }
    save.mutate(
      { limits: changes.limits },
      {
        onSuccess: ({ view: next }) => {
          // A raise stays in force until its day is over: the field shows the limit in force again.
          setInputs(limitInputs(next.limits));
          toast.success(t('protection.limits.saved'));
        },
      },
    );
  }

  return (
    <section className="panel protection-card" aria-label={t('protection.limits.title')}>
      <h2 className="protection-card__title">{t('protection.limits.title')}</h2>
      <form className="protection-limits" onSubmit={submit} noValidate>
        <div className="protection-limits__grid">
          {LIMIT_FIELDS.map((field) => {
            const inForce = view.limits[field];
            const pending = view.pending.find((p) => p.field === field);
            const id = `protection-limit-${field}`;
            return (
              <div key={field} className="protection-limit" data-testid={id}>
                <label htmlFor={id} className="protection-limit__label">
                  {t(`protection.limits.field.${field}`)}
                </label>
                <div className={`auth-field protection-limit__field${invalid.includes(field) ? ' is-invalid' : ''}`}>
                  <span className="protection-limit__sign">¥</span>
                  <input
                    id={id}
                    className="auth-field__input"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={t('protection.limits.placeholder')}
                    aria-invalid={invalid.includes(field)}
                    value={inputs[field]}
                    onChange={(e) => {
                      setNotice(null);
                      setInputs((was) => ({ ...was, [field]: e.target.value }));
                    }}
                  />
                </div>
                <p className="protection-limit__meta">
                  {t('protection.limits.inForce', {
                    value: inForce === null ? t('protection.limits.noLimit') : yuanText(inForce),
                  })}
                  {' · '}
                  {t('protection.limits.used', { value: yuanText(view.usage[field]) })}
                </p>
                {pending && (
                  <p className="protection-limit__pending">
                    {t('protection.limits.pending', {
                      time: momentText(pending.effective_at, i18n.language),
                      value: pending.value === null ? t('protection.limits.noLimit') : yuanText(pending.value),
                    })}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <p className="protection-card__note">{t('protection.limits.note')}</p>
        <p className="protection-card__hint">{t('protection.limits.periods')}</p>
        {invalid.length > 0 && (
          <p className="protection__error" role="alert">
            {t('protection.limits.invalid')}
          </p>
        )}
        {save.error && (
          <p className="protection__error" role="alert">
            {save.error.message || t('protection.failed')}
          </p>
        )}
        {notice && <p className="protection-card__hint">{notice}</p>}
        <div className="protection-card__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending && <Spinner size={14} />}
            {t('protection.limits.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
