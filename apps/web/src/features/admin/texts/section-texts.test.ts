import { describe, expect, it } from 'vitest';
import shellZhCN from '../../../i18n/locales/zh-CN.json';
import consoleZhCN from './zh-CN.json';

type Texts = Record<string, unknown>;

/** Every leaf's path; English plural forms (`_one`, `_other`) count as the one key they are. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return [...new Set(Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)))];
}

// Each console screen keeps its texts in components/<screen>/texts/<locale>.json, loaded with its chunk.
const files = import.meta.glob<Texts>('../components/*/texts/*.json', { eager: true, import: 'default' });
const screens = new Map<string, Partial<Record<string, Texts>>>();
for (const [path, texts] of Object.entries(files)) {
  const [, screen, locale] = /components\/([^/]+)\/texts\/([^/]+)\.json$/.exec(path) ?? [];
  if (!screen || !locale) continue;
  screens.set(screen, { ...screens.get(screen), [locale]: texts });
}

describe('each console screen’s texts', () => {
  it('are found (the glob still matches where the screens keep them)', () => {
    expect([...screens.keys()]).toEqual(expect.arrayContaining(['boxes', 'players', 'retrievals']));
  });

  it.each([...screens.keys()])('%s: say the same things in all three languages, under one key of its own', (screen) => {
    const { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS } = screens.get(screen) ?? {};
    expect(zhCN && zhTW && enUS).toBeTruthy();
    expect(Object.keys(zhCN ?? {})).toHaveLength(1);
    expect(keys(zhTW)).toEqual(keys(zhCN));
    expect(keys(enUS)).toEqual(keys(zhCN));
  });

  it('use feature keys no other screen, the console or the shell uses', () => {
    const owners = [...screens.values()].map((s) => Object.keys(s['zh-CN'] ?? {})[0]);
    expect(new Set(owners).size).toBe(owners.length);
    const taken = new Set([...Object.keys(shellZhCN), ...Object.keys(consoleZhCN)]);
    expect(owners.filter((k) => k !== undefined && taken.has(k))).toEqual([]);
  });
});
