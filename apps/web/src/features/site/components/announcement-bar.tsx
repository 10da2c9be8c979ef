import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { IconChevronRight, IconMegaphone } from '../../../components/icons.tsx';
import { useMessages } from '../api/get-messages.ts';

/** Spec 1 §9: the notice bar changes every 10 s. */
export const ANNOUNCEMENT_ROTATE_MS = 10_000;

/**
 * The rotating announcement bar (spec 1 §2). Hidden when there is nothing to say or the fetch
 * failed; a click opens every notice in the announcement dialog.
 */
export function AnnouncementBar({ rotateMs = ANNOUNCEMENT_ROTATE_MS }: { rotateMs?: number }) {
  const { t } = useTranslation();
  const { data, isError, isPending } = useMessages();
  const messages = data ?? [];
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setIndex(0);
    if (messages.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % messages.length), rotateMs);
    return () => clearInterval(timer);
  }, [messages.length, rotateMs]);

  // The bar's place is kept while the notices load, so the page below does not jump down when
  // they arrive; it closes only if there turns out to be nothing to say.
  if (isPending) return <div className="announcement-slot" aria-hidden="true" />;
  if (isError || messages.length === 0) return null;
  const current = messages[index % messages.length]!;
  return (
    <div className="announcement">
      <span className="announcement__icon" aria-hidden="true">
        <IconMegaphone size={16} />
      </span>
      <span className="announcement__label">{t('announcement.title')}</span>
      <button
        type="button"
        className="announcement__text"
        aria-label={`${t('announcement.title')}: ${current.content}`}
        onClick={() => setOpen(true)}
      >
        <span key={current.id} className="announcement__slide">
          {current.content}
        </span>
      </button>
      <span className="announcement__count" aria-hidden="true">
        {messages.length > 1 ? `${(index % messages.length) + 1}/${messages.length}` : ''}
      </span>
      <IconChevronRight size={16} className="announcement__more" />
      <AnnouncementDialog open={open} onClose={() => setOpen(false)} messages={messages} />
    </div>
  );
}

export function AnnouncementDialog({
  open,
  onClose,
  messages,
}: {
  open: boolean;
  onClose: () => void;
  messages: readonly { id: number; content: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('announcement.title')}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.confirm')}
        </button>
      }
    >
      <ol className="announcement-list">
        {messages.map((m) => (
          <li key={m.id}>{m.content}</li>
        ))}
      </ol>
    </Dialog>
  );
}
