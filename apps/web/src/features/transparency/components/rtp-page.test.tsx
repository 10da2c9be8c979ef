import type { Locale } from '@kaixiang/shared/locale';
import type { RtpResponse } from '@kaixiang/shared/transparency';
import { TRANSPARENCY_PATHS } from '@kaixiang/shared/transparency';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { RtpPage, scaleOf } from './rtp-page.tsx';

const NAMES: Record<Locale, string> = { 'zh-CN': '新手箱', 'zh-TW': '新手箱子', 'en-US': 'Starter box' };

/** A snapshot as the server answers it: one box inside its range, one outside, one unopened, three games. */
function snapshot(locale: Locale): RtpResponse {
  const figures = { expected: null, range: null, inside: null, published_rtp: null, realised_rtp: null };
  return {
    computed_at: Date.UTC(2026, 10, 21, 16, 5),
    window_start: Date.UTC(2026, 9, 22, 16, 5),
    window_days: 30,
    sigmas: 3,
    free_openings_excluded: 7,
    boxes: [
      {
        box_id: 1,
        name: NAMES[locale],
        img: '/img/box1.png',
        fallback_img: '/img/box1.svg',
        price: 25_000,
        n: 1_500,
        paid: 37_500_000,
        won: 33_000_000,
        realised_rtp: 0.88,
        published_rtp: 0.9,
        expected: 33_750_000,
        range: { low: 0.8, high: 1.0 },
        inside: true,
      },
      {
        box_id: 2,
        name: `${NAMES[locale]} 2`,
        img: '',
        fallback_img: '',
        price: 100_000,
        n: 40_000,
        paid: 4_000_000_000,
        won: 3_800_000_000,
        realised_rtp: 0.95,
        published_rtp: 0.9,
        expected: 3_600_000_000,
        range: { low: 0.89, high: 0.91 },
        inside: false,
      },
      {
        box_id: 3,
        name: 'idle',
        img: '',
        fallback_img: '',
        price: 10_000,
        n: 0,
        paid: 0,
        won: 0,
        ...figures,
        published_rtp: 0.9,
      },
    ],
    games: [
      {
        game: 'upgrade',
        jackpot: null,
        n: 4,
        paid: 800_000,
        won: 1_000_000,
        realised_rtp: 1.25,
        published_rtp: 0.95,
        expected: 760_000,
        range: { low: 0, high: 2.4 },
        inside: true,
      },
      { game: 'battle', jackpot: null, n: 0, paid: 0, won: 0, ...figures },
      {
        game: 'turntable',
        jackpot: { won: 10_000, realised_rtp: 0.97, published_rtp: 0.97 },
        n: 10,
        paid: 1_000_000,
        won: 960_000,
        realised_rtp: 0.96,
        published_rtp: 0.96,
        expected: 960_000,
        range: { low: 0.5, high: 1.4 },
        inside: true,
      },
    ],
  };
}

const TEXTS: Record<
  Locale,
  { title: string; inside: string; outside: string; how: string; upgrade: string; free: string }
> = {
  'zh-CN': {
    title: '实际返还率公示',
    inside: '在范围内',
    outside: '超出范围',
    how: '范围如何计算',
    upgrade: '装备升级',
    free: '本期共 7 次',
  },
  'zh-TW': {
    title: '實際返還率公示',
    inside: '在範圍內',
    outside: '超出範圍',
    how: '範圍如何計算',
    upgrade: '裝備升級',
    free: '本期共 7 次',
  },
  'en-US': {
    title: 'Realised RTP',
    inside: 'Inside',
    outside: 'Outside',
    how: 'How the range is computed',
    upgrade: 'Upgrade',
    free: '7 in this window',
  },
};

describe('the realised-RTP page', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it.each(['zh-CN', 'zh-TW', 'en-US'] as const)('shows every box and game from the snapshot in %s', async (locale) => {
    await act(() => i18n.changeLanguage(locale));
    const api = mockApi({ [TRANSPARENCY_PATHS.rtp]: (req) => snapshot((req.headers['x-lang'] as Locale) ?? 'zh-CN') });
    renderWithProviders(<RtpPage />, '/fairness/rtp');
    const x = TEXTS[locale];
    expect(await screen.findByRole('heading', { level: 1, name: x.title })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('rtp-row')).toHaveLength(6));
    expect(api.requests.some((r) => r.url.pathname === `/api${TRANSPARENCY_PATHS.rtp}`)).toBe(true);

    const rows = screen.getAllByTestId('rtp-row');
    const [first, second, idle, upgrade] = rows;
    if (!first || !second || !idle || !upgrade) throw new Error('rows missing');
    expect(within(first).getByText(NAMES[locale])).toBeTruthy();
    expect(within(first).getByText('1,500')).toBeTruthy();
    expect(within(first).getByText('¥3750.00')).toBeTruthy();
    expect(within(first).getByText('88.00 %')).toBeTruthy();
    expect(within(first).getByText('90.00 %')).toBeTruthy();
    expect(within(first).getByText(x.inside)).toBeTruthy();
    // The bar: the range, the published tick and the realised marker, described for a screen reader.
    const bar = within(first).getByRole('img');
    expect(bar.getAttribute('aria-label')).toContain('88.00 %');
    expect(bar.getAttribute('aria-label')).toContain('80.00 %');
    expect(within(second).getByText(x.outside)).toBeTruthy();
    expect(within(idle).queryByRole('img')).toBeNull();
    expect(within(upgrade).getByText(x.upgrade)).toBeTruthy();
    expect(screen.getByText(new RegExp(x.free))).toBeTruthy();
    expect(screen.getByRole('heading', { name: x.how })).toBeTruthy();
    expect(screen.getByTestId('rtp-window').textContent).toMatch(/2026/);
  });

  it('puts the range, the published and the realised RTP on one scale', () => {
    const s = scaleOf({ low: 0.8, high: 1.0 }, 1.2, 0.9);
    expect(s.lo).toBeLessThan(0.8);
    expect(s.hi).toBeGreaterThan(1.2);
    expect(scaleOf({ low: 0.9, high: 0.9 }, 0.9, 0.9).hi).toBeGreaterThan(0.9);
  });
});
