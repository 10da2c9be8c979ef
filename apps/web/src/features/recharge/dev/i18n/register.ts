import { i18n } from '../../../../i18n/index.ts';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/**
 * The panel's texts join the app's one namespace when this development-only module loads. They
 * live outside `features/*\/i18n/` on purpose: that folder is bundled eagerly into every build,
 * and the production build must not carry a word of the panel.
 */
// zh-TW and en-US load on demand (i18n/index.ts): fetch them first, or i18next, finding the
// panel's texts under them, would take them for loaded and never fetch the rest.
await i18n.loadLanguages(['zh-TW', 'en-US']);
for (const [locale, bundle] of [
  ['zh-CN', zhCN],
  ['zh-TW', zhTW],
  ['en-US', enUS],
] as const) {
  i18n.addResourceBundle(locale, 'translation', bundle, true, false);
}
