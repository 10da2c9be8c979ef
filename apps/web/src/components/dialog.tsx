import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { IconClose } from './icons.tsx';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** false hides the close button and ignores Esc and backdrop clicks (the waiting notice). */
  closable?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * Open dialogs, most recent last: Esc and Tab belong to the topmost one only, so closing a notice
 * opened over the recharge dialog does not close the recharge dialog too.
 */
const openStack: symbol[] = [];

/**
 * The one modal every dialog builds on: a portal, Esc and backdrop close it, Tab cycles inside it,
 * and focus returns where it was when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  closable = true,
  size = 'md',
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  const closableRef = useRef(closable);
  closableRef.current = closable;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    const me = Symbol('dialog');
    openStack.push(me);

    function onKey(e: KeyboardEvent) {
      if (openStack[openStack.length - 1] !== me) return;
      if (e.key === 'Escape' && closableRef.current) {
        e.stopPropagation();
        latestClose.current();
      } else if (e.key === 'Tab' && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) {
          e.preventDefault();
          return;
        }
        const head = items[0];
        const tail = items[items.length - 1];
        if (e.shiftKey && document.activeElement === head) {
          e.preventDefault();
          tail?.focus();
        } else if (!e.shiftKey && document.activeElement === tail) {
          e.preventDefault();
          head?.focus();
        }
      }
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openStack.splice(openStack.indexOf(me), 1);
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; keyboards use Esc or the close button
    <div
      className="dialog-backdrop"
      role="presentation"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && closable) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
        className={`dialog dialog--${size} ${className ?? ''}`}
      >
        {title || closable ? (
          <header className="dialog__head">
            {title ? (
              <h2 id={titleId} className="dialog__title">
                {title}
              </h2>
            ) : (
              <span />
            )}
            {closable && (
              <button
                type="button"
                className="icon-button dialog__close"
                aria-label={t('common.close')}
                onClick={onClose}
              >
                <IconClose size={18} />
              </button>
            )}
          </header>
        ) : null}
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** Seconds left of a wait that starts when `active` turns true. */
function useCountdown(active: boolean, waitMs: number): number {
  const [left, setLeft] = useState(Math.ceil(waitMs / 1000));
  useEffect(() => {
    if (!active) return;
    const startedAt = Date.now();
    setLeft(Math.ceil(waitMs / 1000));
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((waitMs - (Date.now() - startedAt)) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [active, waitMs]);
  return left;
}

export interface NoticeDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  onClose: () => void;
  confirmText?: string;
  /**
   * A help-style notice makes the reader wait before it can be dismissed (spec 1 §2: 3 s): the close
   * button and the confirm button appear only after this many milliseconds.
   */
  waitMs?: number;
}

export function NoticeDialog({ open, title, body, onClose, confirmText, waitMs = 0 }: NoticeDialogProps) {
  const { t } = useTranslation();
  const left = useCountdown(open && waitMs > 0, waitMs);
  const ready = waitMs <= 0 || left === 0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closable={ready}
      size="sm"
      footer={
        <button type="button" className="button button--primary" disabled={!ready} onClick={onClose}>
          {ready ? (confirmText ?? t('common.confirm')) : t('common.waitSeconds', { count: left })}
        </button>
      }
    >
      <div className="notice-body">{body}</div>
    </Dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  text: ReactNode;
  image?: string;
  buttonText?: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ open, text, image, buttonText, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            {buttonText ?? t('common.confirm')}
          </button>
        </>
      }
    >
      <div className="confirm-body">
        {image && <img className="confirm-body__image" src={image} alt="" />}
        <p>{text}</p>
      </div>
    </Dialog>
  );
}
