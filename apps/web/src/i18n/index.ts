import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@kaixiang/shared/locale';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../lib/storage.ts';
import enUS from './locales/en-US.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

/** Every string a person reads, in the three interface languages (spec 1 §1). zh-CN is the default. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * Features keep their own texts in `features/<name>/i18n/<locale>.json`, each file one object
 * whose top-level keys it owns (e.g. `boxes`), merged into the one translation namespace.
 */
const featureBundles = import.meta.glob<Record<string, unknown>>('../features/*/i18n/*.json', {
  eager: true,
  import: 'default',
});

function withFeatures(locale: Locale, base: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [path, bundle] of Object.entries(featureBundles)) {
    if (path.endsWith(`/${locale}.json`)) Object.assign(merged, bundle);
  }
  return merged;
}

export const resources = {
  'zh-CN': { translation: withFeatures('zh-CN', zhCN) },
  'zh-TW': { translation: withFeatures('zh-TW', zhTW) },
  'en-US': { translation: withFeatures('en-US', enUS) },
} as const;

/**
 * A stored choice wins; otherwise zh-CN. The browser's language is deliberately not followed: the
 * site is Chinese first (spec 1 §1), and many players run English-language browsers.
 */
export function initialLocale(): Locale {
  const stored = readStored<string>(LANGUAGE_STORAGE_KEY, '');
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
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
