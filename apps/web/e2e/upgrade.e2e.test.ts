import type { BoxListResponse, OpenBoxResponse } from '@kaixiang/shared/boxes';
import type { KnapsackResponse } from '@kaixiang/shared/inventory';
import type { Statistics } from '@kaixiang/shared/site';
import type { UpgradeResponse } from '@kaixiang/shared/upgrade';
import { UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, creditCoins, type Player, registerPlayer } from './api.ts';
import { baseUrl, headerBalance, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/**
 * The upgrade (装备升级) played through in a browser (issue 13 "Done means"): a player stakes an
 * item from a box opening and some balance on a randomly picked target, the needle lands on the
 * server's roll, and the inventory and balance change as the answer says; a second upgrade on
 * balance alone with the slider at its end (the max chance); the records, the fairness page's
 * check of one of them after the seed is rotated, and the footer's count.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const percent = (ppm: number) => {
  const h = Math.floor(ppm / 100);
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}%`;
};
const yuan = (units: number) => Math.floor(units / 100) / 100;

/**
 * Where the needle stopped, read as a person sees it: its angle from 12 o'clock around the dial's
 * centre, and what is drawn under its point (the gold arc is the winning zone).
 */
function needle(page: Page): Promise<{ deg: number; zone: string | null }> {
  return page.evaluate(() => {
    const dial = document.querySelector('[data-testid="upg-dial"] svg');
    const probe = document.querySelector('[data-testid="upg-needle-probe"]');
    if (!dial || !probe) throw new Error('no dial');
    const d = dial.getBoundingClientRect();
    const p = probe.getBoundingClientRect();
    const [cx, cy] = [d.left + d.width / 2, d.top + d.height / 2];
    const [px, py] = [p.left + p.width / 2, p.top + p.height / 2];
    const deg = ((Math.atan2(px - cx, cy - py) * 180) / Math.PI + 360) % 360;
    const zone = document.elementFromPoint(px, py)?.closest('[data-zone]')?.getAttribute('data-zone') ?? null;
    return { deg, zone };
  });
}

async function inventory(player: Player): Promise<KnapsackResponse['list']> {
  const res = await api<KnapsackResponse>(
    'POST',
    '/goods/v1/item/get-knap-sack-infos',
    { page: 1, page_size: 100, status: [0, 1, 2, 3, 4] },
    player.token,
  );
  return res.data.list;
}

/**
 * The inventory after an upgrade, as the answer says: every staked item consumed by the upgrade;
 * on a win the target there as a new item from the upgrade (and offered by the stake picker).
 */
async function expectInventoryFollows(
  page: Page,
  player: Player,
  result: UpgradeResponse,
  winsSoFar: number,
): Promise<void> {
  const items = await inventory(player);
  for (const id of result.stake_item_ids) {
    expect(items.find((i) => i.id === id)).toMatchObject({ status: 2, disposal: 'upgrade' });
  }
  const won = items.filter((i) => i.source === 'upgrade');
  expect(won).toHaveLength(winsSoFar);
  if (result.success) {
    expect(won.find((i) => i.id === result.user_item_id)).toMatchObject({
      status: 0,
      item_id: result.target.item_id,
      cost_price: result.target.price,
    });
    expect(await page.getByRole('status').textContent()).toContain(`恭喜获得 ${result.target.name}`);
    await page
      .getByTestId('upg-stake-items')
      .getByRole('button', { name: `投入 ${result.target.name}` })
      .first()
      .waitFor();
  } else {
    expect(result.user_item_id).toBeNull();
  }
}

/** Clicks 立即升级 and follows the sweep to its landing; answers the server's answer. */
async function upgradeAndLand(page: Page, shot: string): Promise<UpgradeResponse> {
  const shown = await page.getByTestId('upg-chance').textContent();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/goods/v1/upgrade/upgrade-item'));
  await page.getByRole('button', { name: '立即升级' }).click();
  const body = (await (await answer).json()) as { code: number; data: UpgradeResponse; msg: string };
  expect(body.code, body.msg).toBe(200);
  const result = body.data;
  // The dial showed the chance the server rolled at.
  expect(shown).toBe(percent(result.rate_ppm));
  // Mid-sweep: turning, the result not told yet.
  await page.waitForTimeout(1_200);
  expect(await page.getByTestId('upg-outcome').count()).toBe(0);
  await screenshot(page, `${shot}-spinning`);

  const outcome = page.getByTestId('upg-outcome');
  await outcome.waitFor({ timeout: 10_000 });
  expect(await outcome.textContent()).toBe(result.success ? '升级成功' : '升级失败');
  const stop = await needle(page);
  const rollDeg = (result.proof.roll / UPGRADE_RATE_SCALE) * 360;
  expect(Math.abs(stop.deg - rollDeg)).toBeLessThan(1);
  // Under the point: the gold arc on a win, the grey track otherwise (unless the roll is within a
  // hair of the arc's end, where either is a fair reading of a pixel).
  const edge = Math.abs(result.proof.roll - result.rate_ppm) < UPGRADE_RATE_SCALE / 360;
  if (!edge) expect(stop.zone).toBe(result.success ? 'win' : 'lose');
  await screenshot(page, `${shot}-landed`);
  return result;
}

describe('the upgrade in the browser', () => {
  it('stakes an item and balance, lands on the server’s roll, and the inventory and balance follow the answer', async () => {
    const player = await registerPlayer('升级玩家');
    await creditCoins(player.userId, 5_000_000);
    // An item from a box opening: the starter box.
    const boxes = (await api<BoxListResponse>('GET', '/goods/v1/box/get-box-list')).data;
    const starter = boxes.categories.flatMap((c) => c.boxes).find((b) => b.name === '新手箱');
    if (!starter) throw new Error('no starter box');
    const opened = await api<OpenBoxResponse>(
      'POST',
      '/goods/v1/box/open-box',
      { box_id: starter.box_id, count: 1, request_id: crypto.randomUUID() },
      player.token,
    );
    expect(opened.code, opened.msg).toBe(200);
    const item = opened.data.items[0];
    if (!item) throw new Error('no item');
    const statsBefore = (await api<Statistics>('GET', '/site/v1/statistics')).data.upgrade_num;

    const page = await newVisitor(browser);
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);
    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: /装备升级/ })
      .click();
    await page.getByRole('heading', { name: '装备升级', exact: true }).waitFor();
    await page.getByTestId('upg-limits').waitFor();
    expect(await page.getByTestId('upg-limits').textContent()).toBe('最高概率 75.00% · 返奖率 95.00%');
    const balance0 = await headerBalance(page);

    // Stake: the item from the box and ¥20 of balance; a target by the random pick.
    await page.getByRole('button', { name: `投入 ${item.name}` }).click();
    await page.getByTestId('upg-staked').getByText(item.name).waitFor();
    await page.getByLabel('投入余额（元）').fill('20');
    // The list has settled on what the stake reaches (each tile with its chance).
    await page.getByTestId('upg-targets').locator('.upg-tile__badge').first().waitFor();
    await page.getByRole('button', { name: '随机选择' }).click();
    await page.getByTestId('upg-target').waitFor();
    await expect.poll(() => page.getByTestId('upg-chance').textContent()).toMatch(/^\d+\.\d\d%$/);
    // A cheap target caps the balance below ¥20 (the stake may not pass the max rate): the field
    // then shows the capped amount, and that is what is staked.
    const chance = await page.getByTestId('upg-chance').textContent();
    const staked = Math.round(Number(await page.getByLabel('投入余额（元）').inputValue()) * 10_000);
    if (staked < 200_000) expect(chance).toBe('75.00%');
    else expect(staked).toBe(200_000);
    await screenshot(page, 'upgrade-staked', true);

    const first = await upgradeAndLand(page, 'upgrade-first');
    expect(first.stake_item_ids).toEqual([item.id]);
    expect(first.stake_balance).toBe(staked);
    expect(first.stake_value).toBe(item.cost_price + staked);
    // The balance: down by the staked amount, as the answer says.
    await expect.poll(() => headerBalance(page)).toBe(yuan(first.money));
    expect(Math.round((balance0 - yuan(first.money)) * 10_000)).toBe(staked);
    await expectInventoryFollows(page, player, first, Number(first.success));
    await expect
      .poll(() =>
        page
          .getByTestId('upg-stake-items')
          .getByRole('button', { name: `投入 ${item.name}` })
          .count(),
      )
      .toBe(0);

    // Again on balance alone: the cheapest target the ¥20 reaches, the slider pushed to its end.
    await page.getByRole('button', { name: '继续升级' }).click();
    expect(await page.getByTestId('upg-staked').count()).toBe(0);
    await page.getByTestId('upg-targets').locator('[data-testid="upg-tile"]').first().click();
    const slider = page.getByLabel('使用余额');
    await slider.focus();
    await slider.press('End');
    await expect.poll(() => page.getByTestId('upg-chance').textContent()).toBe('75.00%');
    await screenshot(page, 'upgrade-max-chance');
    const second = await upgradeAndLand(page, 'upgrade-second');
    expect(second.stake_item_ids).toEqual([]);
    expect(second.rate_ppm).toBe(750_000);
    await expect.poll(() => headerBalance(page)).toBe(yuan(second.money));
    expect(second.money).toBe(first.money - second.stake_balance);
    await expectInventoryFollows(page, player, second, Number(first.success) + Number(second.success));

    // Records: the player's own, newest first; everybody's shows them too.
    await page.getByRole('tab', { name: '我的升级' }).click();
    const mine = page.getByTestId('upg-mine');
    await expect.poll(() => mine.count()).toBe(2);
    await page.getByRole('tab', { name: '最近升级' }).click();
    await page.getByTestId('upg-recent').filter({ hasText: '升级玩家' }).first().waitFor();
    await page.getByRole('tab', { name: '我的升级' }).click();
    await mine.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'upgrade-records', true);

    // Fairness: rotate the seed pair, then check the first upgrade from the history page's link.
    await page.goto(`${baseUrl()}/fairness`);
    await page.getByTestId('active-server-hash').waitFor();
    await page.getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByTestId('previous-server-seed').waitFor();
    await page.goto(`${baseUrl()}/upgrade/history`);
    const row = page.getByTestId('upg-mine').last();
    await row.getByText(first.success ? '升级成功' : '升级失败').waitFor();
    await screenshot(page, 'upgrade-history');
    await row.getByRole('link', { name: '验证' }).click();
    await page.waitForURL(`**/fairness?upgrade=${first.upgrade_id}`);
    const verified = page.getByTestId('upgrade-verify');
    await verified.waitFor({ timeout: 15_000 });
    for (const key of ['seedHash', 'roll', 'outcome']) {
      expect(await page.getByTestId(`upgrade-check-${key}`).getAttribute('class')).toContain('is-ok');
    }
    await verified.getByText(/全部一致/).waitFor();
    await screenshot(page, 'upgrade-fairness');

    // The footer counts upgrades (shown ×3).
    await expect
      .poll(async () => (await api<Statistics>('GET', '/site/v1/statistics')).data.upgrade_num, { timeout: 10_000 })
      .toBe(statsBefore + 2);
    await page.goto(`${baseUrl()}/`);
    const total = page.getByTestId('total-upgrades');
    await expect
      .poll(async () => ((await total.textContent()) ?? '').replace(/\D/g, ''))
      .toBe(String((statsBefore + 2) * 3));
    await page.context().close();
  }, 180_000);
});
