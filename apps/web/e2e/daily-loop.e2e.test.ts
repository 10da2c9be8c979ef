import type { OpenBoxResponse } from '@kaixiang/shared/boxes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCoins, registerPlayer } from './api.ts';
import { baseUrl, headerBalance, launch, logInWithPassword, screenshot, siteHeader } from './browser.ts';

/**
 * The daily loop as a new player lives it (issue 22 "Done means"), every step through the
 * screens: sign in for the day, open boxes until a task completes (its notice shows), claim it,
 * spend the points in the points shop, wish at the wishing well, see the energy the boxes gave,
 * bind a trade link and open the free box it unlocks. Points and coins are read from the header.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

/** The points in the header's account menu (opened by hovering, as a person does). */
async function headerPoints(page: Page): Promise<number> {
  await siteHeader(page).getByRole('button', { name: '用户菜单' }).hover();
  const points = Number(await page.getByTestId('header-points').textContent());
  await page.mouse.move(10, 600);
  return points;
}

async function openBoxes(page: Page, count: number): Promise<void> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/goods/v1/box/open-box'));
  await page.getByRole('button', { name: new RegExp(`开 ${count} 次`) }).click();
  const opened = ((await (await answer).json()) as { data: OpenBoxResponse }).data;
  expect(opened.items).toHaveLength(count);
  const result = page.getByRole('dialog', { name: '恭喜获得' });
  await result.waitFor({ timeout: 15_000 });
  await result.getByRole('button', { name: '放入背包' }).click();
  await result.waitFor({ state: 'hidden' });
}

describe('the daily loop in the browser', () => {
  it('signs in for the day, completes and claims a task, buys with points, wishes, sees energy, opens the free box', {
    timeout: 300_000,
  }, async () => {
    const player = await registerPlayer('每日玩家');
    await creditCoins(player.userId, 20_000_000);
    const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);
    expect(await headerPoints(page)).toBe(0);

    // The day's sign-in: day 1 of the cycle pays its points.
    await page.goto(`${baseUrl()}/activity/signIn`);
    await page.getByRole('button', { name: '立即签到' }).click();
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    await expect.poll(() => page.getByTestId('sign-in-streak').textContent()).toContain('1');
    await screenshot(page, 'daily-loop-sign-in');
    await expect.poll(() => headerPoints(page)).toBeGreaterThan(0);
    const afterSignIn = await headerPoints(page);

    // Six boxes: the "open 1" and "open 5" tasks complete, and the notice says so.
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('link', { name: '打开 新手箱' }).click();
    await page.getByText(/返奖率 \d+\.\d{2}%/).waitFor();
    await openBoxes(page, 1);
    // The notice shows for 3 s as the opening is paid, while the reel still turns.
    const noticed = page
      .getByRole('status')
      .filter({ hasText: '开启5个箱子' })
      .waitFor({ timeout: 20_000 })
      .then(() => screenshot(page, 'daily-loop-task-notice'));
    await openBoxes(page, 5);
    await noticed;

    // The tasks page: both box tasks are done; each is claimed once.
    await page.goto(`${baseUrl()}/vipDailyTasks`);
    for (const name of ['开启1个箱子', '开启5个箱子']) {
      const row = page.locator('.tasks-item').filter({ hasText: name });
      await row.getByRole('button', { name: '领取' }).click();
      await row.getByText('已领取').waitFor();
    }
    await screenshot(page, 'daily-loop-tasks-claimed');
    await expect.poll(() => headerPoints(page)).toBeGreaterThanOrEqual(afterSignIn + 40);
    const afterTasks = await headerPoints(page);

    // The points shop: ¥0.50 of coins for 50 points.
    await page.goto(`${baseUrl()}/activity/pointsShop`);
    const entry = page.getByTestId('points-shop-entry').filter({ hasText: '50' }).first();
    await entry.waitFor();
    const coinsBefore = await headerBalance(page);
    await entry.getByRole('button', { name: '立即兑换' }).click();
    await page.getByRole('dialog', { name: '确认兑换' }).getByRole('button', { name: '确认兑换' }).click();
    await page.getByTestId('points-shop-result').waitFor();
    await screenshot(page, 'daily-loop-points-shop');
    await page.getByRole('dialog', { name: '兑换成功' }).getByRole('button', { name: '好的' }).click();
    await expect.poll(() => headerBalance(page)).toBeCloseTo(coinsBefore + 0.5, 2);
    await expect.poll(() => headerPoints(page)).toBe(afterTasks - 50);

    // The wishing well: one wish, its odds shown before paying.
    await page.goto(`${baseUrl()}/activity/wishingWell`);
    // The points went to the shop: the first wish the player can pay is one for coins.
    await page.getByTestId('wish-entry').first().waitFor();
    await page.getByTestId('wish-entry').getByRole('button', { disabled: false }).first().click();
    await page.getByTestId('wish-confirm-odds').waitFor();
    await page.getByRole('dialog', { name: '确认许愿' }).getByRole('button', { name: '确认许愿' }).click();
    await page.getByRole('dialog', { name: /许愿成功|未能实现/ }).waitFor();
    await screenshot(page, 'daily-loop-wish');
    await page.keyboard.press('Escape');

    // The energy box: the boxes' coins are this week's energy.
    await page.goto(`${baseUrl()}/activity/energyBox`);
    await expect.poll(async () => Number(await page.getByTestId('energy-value').textContent())).toBeGreaterThan(0);
    const tradeBox = page.getByTestId('free-box-trade_link');
    await tradeBox.getByRole('link', { name: '去绑定交易链接' }).waitFor();
    await screenshot(page, 'daily-loop-energy', true);

    // Binding a trade link unlocks the free box: the dialog leads to it, it opens once.
    await tradeBox.getByRole('link', { name: '去绑定交易链接' }).click();
    await page.getByLabel('Steam 交易链接').fill(LINK);
    await page.locator('.trade-link').getByRole('button', { name: '绑定' }).click();
    const unlocked = page.getByRole('dialog', { name: '绑定成功' });
    await unlocked.getByText(/你获得了一次免费开启「.+」的机会/).waitFor();
    await screenshot(page, 'daily-loop-trade-link-free-box');
    const coinsBeforeFree = await headerBalance(page);
    await unlocked.getByRole('button', { name: '去开启' }).click();
    await page.waitForURL('**/activity/energyBox#free-boxes');
    await page.getByTestId('free-box-trade_link').getByRole('button', { name: '免费开启' }).click();
    const won = page.getByRole('dialog', { name: '恭喜获得' });
    await won.waitFor();
    await screenshot(page, 'daily-loop-free-box-won');
    await won.getByRole('button', { name: '放入背包' }).click();
    await page.getByTestId('free-box-trade_link').getByText('已领取').waitFor();
    // The house paid the opening: the balance is where it was.
    expect(await headerBalance(page)).toBeCloseTo(coinsBeforeFree, 2);
    await context.close();
  });
});
