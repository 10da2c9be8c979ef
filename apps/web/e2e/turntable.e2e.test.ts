import { winningAreas } from '@kaixiang/game/turntable';
import type { TurntableRoundResponse } from '@kaixiang/shared/turntable';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, creditCoins, registerPlayer } from './api.ts';
import { baseUrl, headerBalance, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/**
 * The turntable in two browsers (issue 12 "Done means"): two players bet on different areas of
 * the same round, each sees the other's stake in the area totals, both screens' wheels stop on the
 * icons the server drew, and the winner's balance moves by the payout.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const area = (page: Page, n: number) => page.locator(`[data-testid="tt-area"][data-area="${n}"]`);
const areaTotal = (page: Page, n: number) => area(page, n).getByTestId('tt-area-total').textContent();
const stage = (page: Page) => page.getByTestId('tt-stage').textContent();

/** Seconds left to bet, or 0 when the round is not taking bets. */
async function secondsToBet(page: Page): Promise<number> {
  if ((await stage(page)) !== '押注中') return 0;
  const text = (await page.getByTestId('tt-countdown').textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1] ?? 0);
}

/** The icon each pointer stands on, read as a person would: what is drawn under it. */
function iconsUnderPointers(page: Page): Promise<{ outer: number | null; inner: number | null }> {
  return page.evaluate(() => {
    const under = (testId: string) => {
      const probe = document.querySelector(`[data-testid="${testId}"]`);
      if (!probe) return null;
      const r = probe.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const icon = hit?.closest('[data-icon]')?.getAttribute('data-icon');
      return icon === undefined || icon === null ? null : Number(icon);
    };
    return { outer: under('tt-probe-outer'), inner: under('tt-probe-inner') };
  });
}

describe('the turntable in the browser', () => {
  it('two players bet on different areas, see each other’s stakes, and the wheels stop on the server’s draw', async () => {
    const [alice, bob] = await Promise.all([registerPlayer('转盘小李'), registerPlayer('转盘老赵')]);
    await Promise.all([creditCoins(alice.userId, 10_000_000), creditCoins(bob.userId, 10_000_000)]);

    const a = await newVisitor(browser);
    const b = await newVisitor(browser);
    for (const [page, who] of [
      [a, alice],
      [b, bob],
    ] as const) {
      await page.goto(`${baseUrl()}/`);
      await logInWithPassword(page, who);
      // Reachable from the navigation.
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /转盘/ }).click();
      await page.getByRole('heading', { name: '转盘' }).waitFor();
      await page.getByTestId('tt-wheels').waitFor();
    }

    // A round with time enough for both to bet (rounds run by themselves: 15 s of betting, the
    // draw, 6 s of spin and 4 s of result).
    await expect.poll(() => secondsToBet(a), { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(8);
    const roundText = (await a.locator('.tt-status__round').textContent()) ?? '';
    const roundId = Number(/(\d+)/.exec(roundText)?.[1]);
    expect(roundId).toBeGreaterThan(0);
    await screenshot(a, 'turntable-betting');
    const [aBefore, bBefore] = [await headerBalance(a), await headerBalance(b)];

    // Alice: ¥10 on the light kit (area 13). Bob: ¥50 on the heavy kit (14) and ¥10 on the outer
    // C4 (8): whichever the outer wheel draws, exactly one of them wins.
    await a.getByRole('button', { name: '10', exact: true }).click();
    await area(a, 13).click();
    await b.getByRole('button', { name: '50', exact: true }).click();
    await area(b, 14).click();
    await b.getByRole('button', { name: '10', exact: true }).click();
    await area(b, 8).click();

    // Each sees the own stake, and the other's arrives through the hall's bet frames.
    await expect.poll(() => area(a, 13).getByTestId('tt-area-self').textContent()).toBe('我的¥10.00');
    await expect.poll(() => areaTotal(a, 14), { timeout: 5_000 }).toBe('¥50.001 人');
    await expect.poll(() => areaTotal(a, 8), { timeout: 5_000 }).toBe('¥10.001 人');
    await expect.poll(() => areaTotal(b, 13), { timeout: 5_000 }).toBe('¥10.001 人');
    expect(await areaTotal(b, 14)).toBe('¥50.001 人');
    await expect.poll(() => headerBalance(a)).toBe(aBefore - 10);
    await expect.poll(() => headerBalance(b)).toBe(bBefore - 60);
    await screenshot(b, 'turntable-bets-placed');

    // Betting closes; the draw comes and both screens turn the wheels, then land.
    for (const page of [a, b]) {
      await expect.poll(() => stage(page), { timeout: 45_000, interval: 200 }).toBe('开奖中');
    }
    await screenshot(a, 'turntable-spinning');
    for (const page of [a, b]) {
      await expect.poll(() => stage(page), { timeout: 12_000, interval: 200 }).toBe('已开奖');
    }
    const round = (await api<TurntableRoundResponse>('GET', `/roulette/v1/round?round_id=${roundId}`)).data;
    expect(round.out_icon).not.toBeNull();
    expect(round.inner_icon).not.toBeNull();
    const outIcon = round.out_icon ?? -1;
    const innerIcon = round.inner_icon ?? -1;
    const winners = winningAreas(outIcon, innerIcon);
    // The winner is told once the wheels stopped (the toast lasts 3 s).
    const winnerPage = winners.includes(13) ? a : b;
    await winnerPage.getByText(`第 ${roundId} 期赢得`).waitFor({ timeout: 3_000 });
    for (const page of [a, b]) {
      expect(await iconsUnderPointers(page)).toEqual({ outer: outIcon, inner: innerIcon });
      const marked = await page.$$eval('[data-testid="tt-area"].is-win', (els) =>
        els.map((el) => Number((el as HTMLElement).dataset.area)).sort((x, y) => x - y),
      );
      expect(marked).toEqual(winners);
    }
    await screenshot(a, 'turntable-result');
    await screenshot(b, 'turntable-result-full', true);

    // The winner's balance moves by the payout (the stake included): area 13 and 14 pay ×2, 8 pays ×24.
    const aWon = winners.includes(13) ? 20 : 0;
    const bWon = (winners.includes(14) ? 100 : 0) + (winners.includes(8) ? 240 : 0);
    expect(aWon + bWon).toBeGreaterThan(0);
    await expect.poll(() => headerBalance(a), { timeout: 5_000 }).toBe(aBefore - 10 + aWon);
    await expect.poll(() => headerBalance(b), { timeout: 5_000 }).toBe(bBefore - 60 + bWon);
    const winner = aWon > 0 ? a : b;

    // The round is in the winner's own records, with its draw.
    const row = winner
      .getByTestId('tt-record')
      .filter({ hasText: String(roundId) })
      .first();
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByRole('img').count()).toBe(2);
    await row.scrollIntoViewIfNeeded();
    await screenshot(winner, 'turntable-records');
    for (const page of [a, b]) await page.context().close();
  }, 180_000);

  it('a player’s own stake stays on one line in every area, the narrow ones too, in the three languages', async () => {
    const player = await registerPlayer('转盘押注显示');
    await creditCoins(player.userId, 500_000_000);
    const page = await newVisitor(browser);
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);
    await page.goto(`${baseUrl()}/turntable`);
    await page.getByTestId('tt-wheels').waitFor();
    await expect.poll(() => secondsToBet(page), { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(8);

    // The widest amounts an area shows: cents under ¥1,000, four digits, ¥10,000 and more (the
    // eight narrow areas 0–7), and ¥100.00 / ¥10,000.00 in the wide ones. ¥49,730.21 of the round's
    // ¥50,000 limit, in one command.
    const yuan = (y: number) => Math.round(y * 10_000);
    const stakes: [number, number][] = [
      [0, 100],
      [1, 999.99],
      [2, 9_999.99],
      [3, 10_000],
      [4, 10_000],
      [4, 2_345.67],
      [5, 1_234.56],
      [6, 50],
      [7, 5_000],
      [12, 100],
      [14, 10_000],
    ];
    const placed = await api(
      'POST',
      '/roulette/v1/user-bet',
      { bets: stakes.map(([area, y]) => ({ area, amount: yuan(y) })) },
      player.token,
    );
    expect(placed.code).toBe(200);
    await page.reload();
    await area(page, 14).getByTestId('tt-area-self').getByText('¥10000.00').waitFor();

    /**
     * Every own stake, award, total and player count: whether its text is on one line (every piece
     * of it level with the first) and whether it overflows its area.
     */
    const measure = () =>
      page.$$eval(
        '[data-testid="tt-area-self"], [data-testid="tt-area-award"], [data-testid="tt-area-total"] > *',
        (els) =>
          els
            .filter((el) => el.textContent?.trim())
            .map((el) => {
              const range = document.createRange();
              range.selectNodeContents(el);
              const pieces = [...range.getClientRects()].filter((r) => r.width > 0);
              const first = pieces[0] as DOMRect;
              const tile = el.closest('[data-testid="tt-area"]') as HTMLElement;
              return {
                area: Number(tile.dataset.area),
                what: el.getAttribute('data-testid') ?? el.className,
                text: el.textContent,
                oneLine: pieces.every((r) => r.top < first.bottom && r.bottom > first.top),
                fits:
                  el.scrollWidth <= el.clientWidth &&
                  pieces.every((r) => r.right <= tile.getBoundingClientRect().right),
              };
            }),
      );
    const own = (rows: Awaited<ReturnType<typeof measure>>) =>
      rows.filter((r) => r.what === 'tt-area-self').map((r) => `${r.area} ${r.text}`);

    /**
     * At the default window and at one where the content is as narrow as the layout makes it
     * (1,200 px, under a 1,410 px window): nothing wraps or runs out of its area. Answers the own
     * stakes as shown.
     */
    const atBothWidths = async (lang: string) => {
      const shown: string[][] = [];
      for (const width of [1520, 1280]) {
        await page.setViewportSize({ width, height: 1000 });
        const rows = await measure();
        expect({ width, bad: rows.filter((r) => !r.oneLine || !r.fits) }).toEqual({ width, bad: [] });
        shown.push(own(rows));
        await screenshot(page, `turntable-own-stakes-${lang}-${width}`);
      }
      expect(shown[1]).toEqual(shown[0]);
      return shown[0];
    };

    expect(await atBothWidths('zh-CN')).toEqual([
      '12 我的¥100.00',
      '14 我的¥10000.00',
      '0 我的¥100',
      '1 我的¥999.9',
      '2 我的¥9999',
      '3 我的¥1万',
      '4 我的¥1.23万',
      '5 我的¥1234',
      '6 我的¥50.00',
      '7 我的¥5000',
    ]);

    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await area(page, 4).getByText('我的¥1.23萬').waitFor();
    expect(await atBothWidths('zh-TW')).toContain('3 我的¥1萬');

    await page.getByRole('button', { name: '切換語言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await area(page, 4).getByText('Mine¥12.3K').waitFor();
    expect(await atBothWidths('en-US')).toEqual([
      '12 Mine¥100.00',
      '14 Mine¥10000.00',
      '0 Mine¥100',
      '1 Mine¥999.9',
      '2 Mine¥9999',
      '3 Mine¥10K',
      '4 Mine¥12.3K',
      '5 Mine¥1234',
      '6 Mine¥50.00',
      '7 Mine¥5000',
    ]);
    await page.context().close();
  }, 120_000);
});
