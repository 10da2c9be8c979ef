import { LOCALES, type Locale } from '@kaixiang/shared/locale';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconChevronDown, IconGlobe } from '../../../components/icons.tsx';
import { setLocale } from '../../../i18n/index.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';

/** Each language names itself, so a reader finds theirs whatever is shown now. */
const NATIVE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', 'en-US': 'English' };
/**
 * The header shows the current language by the short mark sites use for it, its full name in the
 * button's title and in the menu: the full name cost the header room its 1480 px minimum lacks.
 */
const SHORT_NAMES: Record<Locale, string> = { 'zh-CN': '简', 'zh-TW': '繁', 'en-US': 'EN' };

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const root = useDismiss<HTMLDivElement>(open, () => setOpen(false));

  return (
    <div className="lang-switcher" ref={root}>
      <button
        type="button"
        className="lang-switcher__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('header.language')}
        title={NATIVE_NAMES[locale]}
        onClick={() => setOpen((o) => !o)}
      >
        <IconGlobe size={16} />
        <span lang={locale}>{SHORT_NAMES[locale]}</span>
        <IconChevronDown size={14} />
      </button>
      {open && (
        <div className="lang-switcher__menu" role="menu">
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              role="menuitemradio"
              aria-checked={l === locale}
              lang={l}
              onClick={() => {
                setOpen(false);
                void setLocale(l);
              }}
            >
              <span>{NATIVE_NAMES[l]}</span>
              {l === locale && <IconCheck size={14} />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
