import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';

/**
 * The error page (spec 1 §2): code, message (default 'the page is gone'; the 'interface is gone'
 * variant for a missing API), a hint, and the way home.
 */
export function ErrorPage({ code = 404, variant = 'page' }: { code?: number; variant?: 'page' | 'interface' }) {
  const { t } = useTranslation();
  return (
    <div className="page error-page">
      <div className="error-page__art" aria-hidden="true">
        <span className="error-page__code-shadow">{code}</span>
        <svg viewBox="0 0 160 120" className="error-page__crate" aria-hidden="true">
          <path d="M20 48 80 24l60 24v48L80 120 20 96z" fill="#151b2d" />
          <path d="M20 48 80 72l60-24" fill="none" stroke="#ffb627" strokeWidth="3" />
          <path d="M80 72v48" stroke="#ffb627" strokeWidth="3" />
          <path d="M20 48 80 24l60 24v48L80 120 20 96z" fill="none" stroke="#3a4566" strokeWidth="3" />
          <path d="M46 30 104 6l22 9-58 24z" fill="#1e2640" stroke="#3a4566" strokeWidth="3" />
        </svg>
      </div>
      <p className="error-page__code">{t('error.code', { code })}</p>
      <h1 className="error-page__title">{variant === 'interface' ? t('error.interfaceGone') : t('error.pageGone')}</h1>
      <p className="error-page__hint">{t('error.hint')}</p>
      <Link to={PATHS.home} className="button button--primary button--lg">
        {t('common.backHome')}
      </Link>
    </div>
  );
}
