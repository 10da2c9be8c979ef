import { formatUnits } from '@kaixiang/shared/money';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, getToasts, subscribeToasts, type Toast } from '../lib/toast.ts';
import { Avatar } from './avatar.tsx';
import { IconAlert, IconCheck, IconClose, IconError } from './icons.tsx';
import { ItemImage } from './item-image.tsx';

const ICONS = { success: IconCheck, error: IconError, warning: IconAlert } as const;

/** Renders the toast store: top centre, newest last, each dismissible. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  if (toast.kind === 'winner' && toast.winner) {
    const w = toast.winner;
    return (
      <div className="toast toast--winner" role="status">
        <Avatar src={w.avatar} name={w.name} size={36} />
        <div className="toast__text">
          <strong>{t('toast.winnerTitle', { name: w.name })}</strong>
          <span className="toast__item">{w.itemName}</span>
        </div>
        <ItemImage src={w.itemImg} alt={w.itemName} className="toast__item-img" />
        <span className="price">¥{formatUnits(w.priceUnits)}</span>
      </div>
    );
  }
  const Icon = ICONS[toast.kind as keyof typeof ICONS] ?? IconAlert;
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span className="toast__icon">
        <Icon size={18} />
      </span>
      <div className="toast__text">
        {toast.title && <strong>{toast.title}</strong>}
        <span>{toast.message}</span>
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t('common.close')}
        onClick={() => dismissToast(toast.id)}
      >
        <IconClose size={14} />
      </button>
    </div>
  );
}
