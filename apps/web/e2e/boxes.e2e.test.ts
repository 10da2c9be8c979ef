import type { OpenBoxResponse } from '@kaixiang/shared/boxes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, creditCoins, registerPlayer } from './api.ts';
import { baseUrl, headerBalance, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/**
 * Money and items end to end (issue 4 "Done when"): a player with a balance (credited by a test
 * transfer) opens 1, 5 and 10 boxes and sees each reel land on the rolled item, sells one item,
 * retrieves another through the sandbox trade bot driven from its /dev page, and verifies a roll
 * on the fairness page.
 */

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** For every strip: the item id of the tile under the strip's centre marker, and of the marked winner. */
function landedItems(page: Page): Promise<{ under: string | null; won: string | null; index: number }[]> {
  return page.$$eval('[data-testid="reel-strip"]', (strips) =>
    strips.map((strip) => {
      const box = strip.getBoundingClientRect();
      const cx = box.left + box.width / 2;
      const tiles = [...strip.querySelectorAll<HTMLElement>('.reel-tile')];
      const index = tiles.findIndex((t) => {
        const r = t.getBoundingClientRect();
        return r.left <= cx && cx <= r.right;
      });
      return {
        under: tiles[index]?.dataset.itemId ?? null,
        won: strip.querySelector<HTMLElement>('.reel-tile.is-won')?.dataset.itemId ?? null,
        index,
      };
    }),
  );
}

describe('boxes, inventory and fairness in the browser', () => {
  it('opens 1, 5 and 10 boxes, sells, retrieves through the sandbox bot and verifies a roll', async () => {
    const player = await registerPlayer('开箱玩家');
    await creditCoins(player.userId, 20_000_000);
    expect((await api('POST', '/usercenter/v1/user/set-steam-link', { steam_link: LINK }, player.token)).code).toBe(
      200,
    );
    // Offers wait for a person on the sandbox bot's page.
    const mode = await fetch(`${baseUrl()}/dev/trade-bot/mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ mode: 'manual' }),
    });
    expect(mode.ok).toBe(true);

    const page = await newVisitor(browser);
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);
    // ¥2000 credited; binding the trade link pays no coins (its reward is a free box).
    expect(await headerBalance(page)).toBe(2000);

    // Home: categories and box cards → the starter box.
    await page.getByRole('link', { name: '打开 新手箱' }).click();
    await page.getByText(/返奖率 \d+\.\d{2}%/).waitFor();
    await page
      .getByText(/掉落概率/)
      .first()
      .waitFor();
    await screenshot(page, 'boxes-box-page');

    for (const count of [1, 5, 10]) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/goods/v1/box/open-box'));
      await page.getByRole('button', { name: new RegExp(`开 ${count} 次`) }).click();
      const opened = ((await (await answer).json()) as { data: OpenBoxResponse }).data;
      expect(opened.items).toHaveLength(count);
      if (count === 10) {
        // Mid-spin: the reel is turning and the result is not shown yet.
        await page.waitForTimeout(1_500);
        await screenshot(page, 'boxes-reel-spinning');
      }
      const result = page.getByRole('dialog', { name: '恭喜获得' });
      await result.waitFor({ timeout: 15_000 });
      const landed = await landedItems(page);
      expect(landed.map((l) => l.under)).toEqual(opened.items.map((i) => String(i.item_id)));
      expect(landed.map((l) => l.won)).toEqual(opened.items.map((i) => String(i.item_id)));
      expect(landed.every((l) => l.index === 45)).toBe(true);
      for (const item of opened.items) await expect.poll(() => result.getByLabel(item.name).count()).toBeGreaterThan(0);
      await expect.poll(() => headerBalance(page)).toBe(Math.floor(opened.money / 100) / 100);
      await screenshot(page, `boxes-opened-${count}`);

      if (count === 10) {
        const first = opened.items[0];
        if (!first) throw new Error('no item');
        await result.getByLabel(first.name).first().getByRole('button', { name: '出售' }).click();
        await page.getByText('奖品出售成功').waitFor();
        await expect.poll(() => headerBalance(page)).toBe(Math.floor((opened.money + first.cost_price) / 100) / 100);
        await screenshot(page, 'boxes-sold-one');
      }
      await result.getByRole('button', { name: '放入背包' }).click();
      await result.waitFor({ state: 'hidden' });
    }

    // Inventory: retrieve one item; the sandbox bot's page accepts the offer.
    await page.goto(`${baseUrl()}/personalCenter/inventory`);
    const card = page.getByTestId('inventory-item').filter({ hasText: '可用' }).first();
    const name = (await card.locator('.item-card__name').textContent()) ?? '';
    await card.getByRole('button', { name: '取回' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '取回' }).click();
    await page.getByText(/取回申请已提交/).waitFor();
    await page.getByTestId('inventory-item').filter({ hasText: '取回中' }).first().waitFor();
    await screenshot(page, 'inventory-retrieving');

    const bot = await browser.newPage();
    await bot.goto(`${baseUrl()}/dev/trade-bot`);
    const row = bot
      .locator('tr')
      .filter({ hasText: 'pending' })
      .filter({ has: bot.locator(`td:text-is("${player.userId}")`) });
    await screenshot(bot, 'dev-trade-bot');
    await row.getByRole('button', { name: 'accept', exact: true }).click();
    await bot
      .locator('tr')
      .filter({ has: bot.locator(`td:text-is("${player.userId}")`) })
      .getByText('accepted')
      .waitFor();
    await bot.close();

    await page.getByRole('tab', { name: '已取回' }).click();
    await page.getByTestId('inventory-item').filter({ hasText: name }).filter({ hasText: '已取回' }).first().waitFor();
    await screenshot(page, 'inventory-retrieved');

    // Fairness: rotate the seed, then recompute a past roll in the browser.
    await page.goto(`${baseUrl()}/fairness`);
    await page.getByTestId('active-server-hash').waitFor();
    await page.getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByTestId('previous-server-seed').waitFor();
    await page
      .getByRole('button', { name: /^验证 .* nonce \d+$/ })
      .first()
      .click();
    for (const key of ['seedHash', 'oddsHash', 'ticket', 'item']) {
      await expect.poll(() => page.getByTestId(`check-${key}`).getAttribute('class')).toContain('is-ok');
    }
    await page.getByText('全部校验通过').waitFor();
    await screenshot(page, 'fairness-verified', true);
    await page.context().close();
  }, 180_000);
});
