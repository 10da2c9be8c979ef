import { EMOTICONS } from '@kaixiang/shared/battles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../../../lib/use-dismiss.ts';

/** An emoticon's name in the reader's language; the server's (Chinese) name when there is none. */
export function useEmoticonName(): (id: number) => string {
  const { t } = useTranslation();
  return (id) => {
    const emoticon = EMOTICONS.find((e) => e.id === id);
    return t(`battles.emoticon.names.${id}`, { defaultValue: emoticon?.name ?? '' });
  };
}

/**
 * A seated player's emoticon button and its picker (spec 2 §9). The list is the shared one the
 * server checks against, so nothing is fetched; picking one closes the picker.
 */
export function EmoticonPicker({ busy, onPick }: { busy: boolean; onPick: (emoticonId: number) => void }) {
  const { t } = useTranslation();
  const nameOf = useEmoticonName();
  const [open, setOpen] = useState(false);
  const root = useDismiss<HTMLDivElement>(open, () => setOpen(false));

  return (
    <div className="battle-emoticons" ref={root}>
      <button
        type="button"
        className="button button--ghost button--sm"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">😀</span> {t('battles.emoticon.button')}
      </button>
      {open && (
        <div className="battle-emoticons__menu" role="menu" aria-label={t('battles.emoticon.pick')}>
          {EMOTICONS.map((e) => (
            <button
              key={e.id}
              type="button"
              role="menuitem"
              className="battle-emoticons__item"
              aria-label={nameOf(e.id)}
              title={nameOf(e.id)}
              disabled={busy}
              onClick={() => {
                setOpen(false);
                onPick(e.id);
              }}
            >
              {e.code}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
