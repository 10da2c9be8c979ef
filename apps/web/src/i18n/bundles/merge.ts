/**
 * Features keep their own texts in `features/<name>/i18n/<locale>.json`, each file one object
 * whose top-level keys it owns (e.g. `boxes`), merged into the one translation namespace.
 */
export function mergeFeatureTexts(
  base: Record<string, unknown>,
  features: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  return Object.assign({ ...base }, ...Object.values(features));
}
