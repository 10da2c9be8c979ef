import type { OpenBoxResponse } from '@kaixiang/shared/boxes';
import { LUCKY_ADMIN_PATHS, LUCKY_PATHS, type LuckyPlayersResponse } from '@kaixiang/shared/lucky';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, creditCoins, makeNextBoxLucky, makeStaff, registerPlayer } from './api.ts';
import { baseUrl, headerBalance, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/**
 * The lucky player (issue 21) end to end: an admin opens a window through the admin API, a player
 * whose next box is steered to a lucky roll (the /dev tool) opens it in the browser, sees the reel
 * land, then the lucky-player overlay with the award, finds it in their balance, and finds
 * themselves on /newYearActivity, which a second visitor sees in English.
 */

const AWARD = 88_800;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function at1480(page: Page): Promise<Page> {
  await page.setViewportSize({ width: 1480, height: 1000 });
  return page;
}

describe('the lucky player in the browser', () => {
  it('a lucky opening shows the overlay after the reel, pays the award, and the page lists the player', async () => {
    const admin = await registerPlayer('活动管理员');
    await makeStaff(admin);
    const now = Date.now();
    const made = await api(
      'POST',
      LUCKY_ADMIN_PATHS.windows,
      { start_time: now, end_time: now + 3_600_000, award: AWARD, reason: '浏览器测试' },
      admin.token,
    );
    expect(made.code).toBe(200);

    const player = await registerPlayer('幸运儿');
    await creditCoins(player.userId, 1_000_000);
    await makeNextBoxLucky(player.userId);

    const page = await at1480(await newVisitor(browser));
    await page.goto(`${baseUrl()}/newYearActivity`);
    await page.getByRole('heading', { name: '活动进行中' }).waitFor();
    await page.getByText('1/108').first().waitFor();
    await logInWithPassword(page, player);
    const before = await headerBalance(page);

    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: '打开 新手箱' }).click();
    await page.getByText(/返奖率 \d+\.\d{2}%/).waitFor();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/goods/v1/box/open-box'));
    await page.getByRole('button', { name: /开 1 次/ }).click();
    const opened = ((await (await answer).json()) as { data: OpenBoxResponse }).data;
    expect(opened.items[0]?.lucky).toEqual({ roll: 0, award: AWARD });
    // The reel turns first: the overlay waits for it to land.
    expect(await page.getByRole('dialog').count()).toBe(0);
    const overlay = page.getByRole('dialog', { name: '恭喜成为幸运玩家！' });
    await overlay.waitFor({ timeout: 15_000 });
    await overlay.getByText('8.88').waitFor();
    await screenshot(page, 'lucky-overlay-zh-CN');
    await expect.poll(() => headerBalance(page)).toBe(Math.floor(opened.money / 100) / 100);
    expect(Math.round((await headerBalance(page)) * 100)).toBe(
      Math.round(before * 100) - opened.total_price / 100 + AWARD / 100,
    );
    await overlay.getByRole('button', { name: '收下奖励' }).click();
    const result = page.getByRole('dialog', { name: '恭喜获得' });
    await result.waitFor();
    await result.getByRole('button', { name: '放入背包' }).click();

    // The overlay in English: the next box made lucky again, the language switched, the same box.
    await makeNextBoxLucky(player.userId);
    await page.evaluate(() =>
      localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: 'en-US', timestamp: Date.now() })),
    );
    await page.reload();
    await page.getByRole('button', { name: /^Open ×1 / }).click();
    await page.getByRole('button', { name: 'Skip animation' }).click();
    const english = page.getByRole('dialog', { name: 'You are a lucky player!' });
    await english.waitFor({ timeout: 15_000 });
    await screenshot(page, 'lucky-overlay-en-US');
    await english.getByRole('button', { name: 'Collect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep in inventory' }).click();
    await page.evaluate(() =>
      localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: 'zh-CN', timestamp: Date.now() })),
    );

    // The page lists the player, latest first.
    await page.goto(`${baseUrl()}/newYearActivity`);
    const row = page.locator('.lucky-table tbody tr').first();
    await row.getByText('幸运儿').waitFor();
    await row.getByText('8.88').waitFor();
    await screenshot(page, 'lucky-new-year-zh-CN', true);

    // A second visitor, in English, sees the same list.
    const listed = await api<LuckyPlayersResponse>('GET', `${LUCKY_PATHS.players}?page=1&page_size=20`);
    expect(listed.data.list[0]).toMatchObject({ user_id: player.userId, award: AWARD });
    const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, locale: 'en-US' });
    await context.addInitScript(() => {
      localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: 'en-US', timestamp: Date.now() }));
    });
    const watcher = await context.newPage();
    await watcher.goto(`${baseUrl()}/newYearActivity`);
    await watcher.getByRole('heading', { name: 'The activity is on' }).waitFor();
    await watcher.locator('.lucky-table tbody tr').first().getByText('幸运儿').waitFor();
    await screenshot(watcher, 'lucky-new-year-en-US', true);
    await context.close();

    // The wallet's record names the award.
    await page.goto(`${baseUrl()}/personalCenter/account`);
    await page.getByText('幸运玩家奖励').first().waitFor();

    // Fairness: rotate the seed, then the history marks the lucky box and the verifier recomputes its lucky roll.
    await page.goto(`${baseUrl()}/fairness`);
    await page.getByTestId('active-server-hash').waitFor();
    await page.getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByTestId('previous-server-seed').waitFor();
    // The latest of the two lucky openings.
    const lucky = page
      .locator('.roll-table tr')
      .filter({ has: page.locator('.roll-lucky.is-won') })
      .first();
    await lucky.getByText('幸运玩家').waitFor();
    // The list as refetched after the rotation: the row's seed is revealed, so it can be verified.
    await lucky.getByText('可验证').waitFor();
    await lucky.getByRole('button', { name: /^验证 / }).click();
    for (const key of ['seedHash', 'oddsHash', 'ticket', 'item', 'lucky']) {
      await expect.poll(() => page.getByTestId(`check-${key}`).getAttribute('class')).toContain('is-ok');
    }
    await page.getByText('幸运玩家随机（lucky:…，1/108）与记录一致').waitFor();
    await page.getByText('全部校验通过').waitFor();
    await screenshot(page, 'lucky-fairness-verified', true);
  }, 180_000);
});
