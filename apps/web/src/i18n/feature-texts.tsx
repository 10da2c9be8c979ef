import { isLocale, type Locale } from '@kaixiang/shared/locale';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state.tsx';
import { PageSpinner } from '../components/spinner.tsx';
import { i18n } from './index.ts';
import { useLocale } from './use-locale.ts';

/** One language's texts of a feature: an object whose top-level keys the feature owns (e.g. `treasure`). */
type TextsModule = { default: Record<string, unknown> };
export type TextLoaders = Readonly<Record<Locale, () => Promise<TextsModule>>>;

export interface FeatureTexts {
  /** Whether the texts of `locale` are in i18next already. */
  has(locale: Locale): boolean;
  /** Adds the texts of `locale` to i18next: one load per language, shared by every caller. */
  load(locale: Locale): Promise<void>;
}

/**
 * Texts a feature keeps out of the first load. Every feature's zh-CN texts are otherwise merged
 * into the shell's bundle (bundles/zh-CN.ts globs `features/<name>/i18n/zh-CN.json`), which the home
 * page waits for; a feature whose texts live elsewhere (e.g. `features/<name>/texts/<locale>.json`)
 * passes their loaders here from inside its own chunk, so they are fetched with its code. They are
 * merged deeply: `{fairness: {treasure: …}}` adds to the shell's `fairness` texts.
 *
 * Texts are added only once the shell has the language: i18next takes a language that has any
 * bundle as loaded, so a feature bundle added before the shell's would keep the shell's texts out
 * of it. The app's first language is loaded before it renders, and i18next announces a language
 * change only after loading it: following `languageChanged` is in time for both.
 */
export function loadFeatureTexts(loaders: TextLoaders): FeatureTexts {
  const added = new Set<Locale>();
  const loads = new Map<Locale, Promise<void>>();
  function load(locale: Locale): Promise<void> {
    let pending = loads.get(locale);
    if (!pending) {
      pending = loaders[locale]().then((m) => {
        i18n.addResourceBundle(locale, 'translation', m.default, true, true);
        added.add(locale);
      });
      // A failed chunk (offline) is fetched again on the next try.
      pending.catch(() => loads.delete(locale));
      loads.set(locale, pending);
    }
    return pending;
  }
  i18n.on('languageChanged', (lng: string) => {
    if (isLocale(lng)) load(lng).catch(() => undefined);
  });
  return { has: (locale) => added.has(locale), load };
}

/**
 * Renders `children` once the feature's texts of the current language are in: `fallback` (a page
 * spinner by default) until then; a load that failed says so and is tried again when asked. After
 * a language change the children stay mounted (an open dialog, a chosen tab, typed values survive)
 * and re-render when the new texts arrive, showing the default language's for that moment
 * (i18next's fallback). State and an effect rather than Suspense: nothing above has to expect a
 * suspension, tests included.
 */
export function FeatureTextsGate({
  texts,
  children,
  fallback = <PageSpinner />,
}: {
  texts: FeatureTexts;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const locale = useLocale();
  const [, setLoaded] = useState<Locale | null>(null);
  const [failed, setFailed] = useState(false);
  const ready = texts.has(locale);
  const shown = useRef(false);
  if (ready) shown.current = true;
  useEffect(() => {
    if (ready || failed) return;
    let live = true;
    texts.load(locale).then(
      () => live && setLoaded(locale),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [texts, locale, ready, failed]);
  if (ready || shown.current) return children;
  return failed ? <TextsRetry onRetry={() => setFailed(false)} /> : fallback;
}

/** A chunk that did not arrive: say so, and try again when asked. */
function TextsRetry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="panel">
      <EmptyState
        compact
        title={t('common.serverBusy')}
        action={
          <button type="button" className="button button--ghost" onClick={onRetry}>
            {t('common.confirm')}
          </button>
        }
      />
    </div>
  );
}
