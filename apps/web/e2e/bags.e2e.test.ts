import type { OpenBagResponse } from '@kaixiang/shared/bags';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer } from './api.ts';
import {
  baseUrl,
  headerBalance,
  launch,
  logInWithPassword,
  newVisitor,
  openFirstRecharge,
  payInSandboxCashier,
  SCREENSHOTS,
  screenshot,
  siteHeader,
} from './browser.ts';

/**
 * Lucky bags (福袋) in a browser (issue 21): a player recharges, the day's bag and the VIP 1 bag
 * appear on the icon; opening one shows the result overlay with the win, its button closes it and
 * the balance grows by the win; the record lists both; after the seed pair is rotated, /fairness
 * recomputes the opening from the overlay's link. Then the same screens in English.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const yuan = (units: number) => (Math.floor(units / 100) / 100).toFixed(2);

/**
 * Clicks the bag icon and answers what the server said. Within 3 s of this player's last opening
 * the server refuses (BAG_TOO_FREQUENT): then the icon, which waits the same 3 s, is clicked again
 * once it is enabled — a state, not a time.
 */
async function openFromIcon(page: Page): Promise<OpenBagResponse> {
  const icon = page.getByTestId('bag-icon');
  for (let attempt = 0; attempt < 5; attempt++) {
    await expect.poll(() => icon.isEnabled()).toBe(true);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/promotion/v1/blessing-bag/get-bag')),
      icon.click(),
    ]);
    const body = (await answer.json()) as { code: number; data: OpenBagResponse; msg: string };
    if (body.code === 4733) continue;
    expect(body.code, body.msg).toBe(200);
    return body.data;
  }
  throw new Error('the bag did not open');
}

describe('lucky bags in the browser', () => {
  it('a recharge gives bags; one opens from the icon, the overlay shows the win, the balance grows, /fairness checks it', async () => {
    const player = await registerPlayer('福袋玩家');
    const page = await newVisitor(browser);
    await page.goto(`${baseUrl()}/`);
    const asked = page.waitForResponse((r) => r.url().includes('/api/promotion/v1/blessing-bag/has-bag'));
    await logInWithPassword(page, player);
    await asked;
    expect(await page.getByTestId('bag-icon').count()).toBe(0);

    // ¥100 in the sandbox cashier: the day's bag (¥10 or more today) and VIP 1's (¥100).
    const dialog = await openFirstRecharge(page);
    await dialog.getByRole('button', { name: '确认充值' }).click();
    const qr = dialog.getByRole('img', { name: '付款二维码' });
    await qr.waitFor();
    await payInSandboxCashier(page, (await qr.getAttribute('data-qr-text')) ?? '');
    await dialog.waitFor({ state: 'detached' });
    const icon = page.getByRole('button', { name: '你有 2 个福袋，点击开启' });
    await icon.waitFor({ timeout: 15_000 });
    await expect.poll(() => headerBalance(page)).toBeGreaterThanOrEqual(100);
    await screenshot(page, 'bags-icon');

    const before = await headerBalance(page);
    const opened = await openFromIcon(page);
    const overlay = page.getByRole('dialog', { name: opened.name });
    await overlay.getByText('恭喜获得').waitFor();
    expect(opened.name).toBe('每日充值福袋');
    expect(await overlay.getByTestId('bag-result-amount').textContent()).toBe(`¥${yuan(opened.get_money)}`);
    await screenshot(page, 'bags-result');
    await overlay.getByRole('button', { name: '收下' }).click();
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + opened.get_money / 10_000, 2);
    await page.getByRole('button', { name: '你有 1 个福袋，点击开启' }).waitFor();

    // The record, from the user menu.
    await siteHeader(page).getByRole('button', { name: '用户菜单' }).hover();
    await page.getByRole('menuitem', { name: '福袋记录' }).click();
    await page.waitForURL('**/userinfo/bag');
    const rows = page.getByTestId('bag-record');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: 'VIP升级' }).getByText('未开启').waitFor();
    await rows
      .filter({ hasText: '每日充值' })
      .getByText(`¥${yuan(opened.get_money)}`)
      .waitFor();
    await screenshot(page, 'bags-record', true);

    // Fairness: rotate the seed pair, then check the opening from the record's link.
    await page.goto(`${baseUrl()}/fairness`);
    await page.getByTestId('active-server-hash').waitFor();
    await page.getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '更换服务端种子' }).click();
    await page.getByTestId('previous-server-seed').waitFor();
    await page.goto(`${baseUrl()}/userinfo/bag`);
    await rows.filter({ hasText: '每日充值' }).getByRole('link', { name: '验证' }).click();
    await page.waitForURL(`**/fairness?bag=${opened.bag_id}`);
    const verified = page.getByTestId('bag-verify');
    await verified.waitFor({ timeout: 15_000 });
    for (const key of ['seedHash', 'table', 'ticket', 'amount']) {
      expect(await page.getByTestId(`bag-check-${key}`).getAttribute('class')).toContain('is-ok');
    }
    await verified.getByText(/全部一致/).waitFor();
    await screenshot(page, 'bags-fairness');
    await page.getByTestId('recipe-bag').locator('summary').click();
    await page.getByTestId('recipe-bag').getByText('bag:my-lucky-seed:43:0').waitFor();
    await page.getByTestId('recipe-bag').screenshot({ path: `${SCREENSHOTS}bags-recipe.png` });

    // In English: the icon, the overlay and the record.
    await page.evaluate(() =>
      localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: 'en-US', timestamp: Date.now() })),
    );
    await page.goto(`${baseUrl()}/`);
    const last = await openFromIcon(page);
    const english = page.getByRole('dialog', { name: last.name });
    await english.getByText('You won').waitFor();
    expect(last.name).toBe('VIP level-up lucky bag');
    await screenshot(page, 'bags-result-en-US');
    await english.getByRole('button', { name: 'Collect' }).click();
    await english.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('bag-icon').count()).toBe(0);
    await page.goto(`${baseUrl()}/userinfo/bag`);
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(page, 'bags-record-en-US', true);
    await page.context().close();
  }, 180_000);
});
