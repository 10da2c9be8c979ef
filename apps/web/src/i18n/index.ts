import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@kaixiang/shared/locale';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../lib/storage.ts';
import zhCN from './bundles/zh-CN.ts';

/** Every string a person reads, in the three interface languages (spec 1 §1). zh-CN is the default. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * zh-CN, the default, comes with the app; the other two languages are chunks of their own, loaded
 * when chosen (or at start, for a visitor who chose one before): a third of the texts instead of
 * all of them on every first load.
 */
const OTHER_LOCALES: Partial<Record<Locale, () => Promise<{ default: object }>>> = {
  'zh-TW': () => import('./bundles/zh-TW.ts'),
  'en-US': () => import('./bundles/en-US.ts'),
};

/** i18next asks this for a language it has no texts for yet; `changeLanguage` waits for the answer. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = isLocale(language) ? OTHER_LOCALES[language] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle.default),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * A stored choice wins; otherwise zh-CN. The browser's language is deliberately not followed: the
 * site is Chinese first (spec 1 §1), and many players run English-language browsers.
 */
export function initialLocale(): Locale {
  const stored = readStored<string>(LANGUAGE_STORAGE_KEY, '');
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const i18n: I18n = i18next.createInstance();

/** Resolves once the starting language's texts are there (at once for zh-CN); main.tsx renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .use(lazyLocales)
  .init({
    resources: { [DEFAULT_LOCALE]: { translation: zhCN } },
    partialBundledLanguages: true,
    lng: initialLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // A feature's texts may arrive after a language change has re-rendered the page (their chunk
    // is fetched then: feature-texts.tsx); components re-render when a bundle is added, or they
    // would keep the default language's fallback until something else re-rendered them.
    react: { bindI18nStore: 'added' },
  });

function applyDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches language, remembers it and sets <html lang>. Queries keyed by locale refetch by themselves. */
export async function setLocale(locale: Locale): Promise<void> {
  writeStored(LANGUAGE_STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
}
