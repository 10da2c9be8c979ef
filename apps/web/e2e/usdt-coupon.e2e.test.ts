import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer } from './api.ts';
import {
  baseUrl,
  headerBalance,
  launch,
  logInWithPassword,
  newVisitor,
  openFirstRecharge,
  screenshot,
  siteHeader,
} from './browser.ts';

/**
 * The rest of the recharge dialog in a real browser (issue 5): a coupon chosen in the picker (the
 * award_type 2 confirmation included) is paid with the order; a USDT order shows its pay code, a
 * deposit sent on the sandbox chain page is credited once it has its confirmations.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

describe('coupons and USDT in the browser', () => {
  it('pays a ¥100 order with an award_type 2 coupon, then a USDT order through the sandbox chain', async () => {
    const player = await registerPlayer('券和U玩家');
    const templates = await fetch(`${baseUrl()}/dev/test/coupons`).then(
      async (r) => ((await r.json()) as { data: { list: { id: number; nameZhCn: string }[] } }).data.list,
    );
    const fifteen = templates.find((c) => c.nameZhCn === '满100送15元券');
    await post('/dev/test/coupon', { user_id: player.userId, coupon_id: fifteen?.id });

    const page = await newVisitor(browser);
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);
    const dialog = await openFirstRecharge(page);

    // The coupon replaces the tier bonus, so it asks first.
    await dialog.getByRole('checkbox', { name: /满100送15元券/ }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '将不再享受档位赠送' });
    await ask.waitFor();
    await screenshot(page, 'coupon-confirm');
    await ask.getByRole('button', { name: '确定' }).click();
    expect(await dialog.getByRole('checkbox', { name: /满100送15元券/ }).isChecked()).toBe(true);
    await screenshot(page, 'coupon-picked');
    await dialog.getByRole('button', { name: '确认充值' }).click();
    const firstOrderAt = Date.now();
    const qr = dialog.getByRole('img', { name: '付款二维码' });
    await qr.waitFor();
    const cashier = await page.context().newPage();
    await cashier.goto((await qr.getAttribute('data-qr-text')) ?? '');
    await cashier.getByRole('button', { name: '支付', exact: true }).click();
    await cashier.getByText('已支付').waitFor();
    await cashier.close();
    await page.getByText('充值成功，余额已到账').waitFor();
    // ¥100 + the coupon's ¥15 (instead of the tier's 3 %), plus the first-recharge bonus if the site
    // gives one: at least 115, and the coupon is gone from the picker.
    await expect.poll(() => headerBalance(page)).toBeGreaterThanOrEqual(115);
    const afterCoupon = await headerBalance(page);

    // USDT: ¥100 on TRC20; the pay code shows the address and the exact quantity.
    await siteHeader(page).getByRole('button', { name: '充值' }).click();
    await dialog.getByRole('tab', { name: 'USDT' }).click();
    await dialog.getByRole('checkbox', { name: '已满18周岁并同意协议' }).check();
    await dialog.getByLabel('充值金额（元）').fill('100');
    // Two orders within 5 s are refused ('操作频繁，请稍微再试'): a person is slower than this test.
    await page.waitForTimeout(Math.max(0, firstOrderAt + 5_500 - Date.now()));
    await dialog.getByRole('button', { name: '确认充值' }).click();
    const pay = page.getByRole('dialog', { name: 'USDT付款' });
    await pay.waitFor();
    const address = (await pay.locator('.usdt-pay__address').textContent()) ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const quantity = /请转账 ([\d.]+) USDT/.exec((await pay.locator('.pay-qr__amount').textContent()) ?? '')?.[1];
    expect(quantity).toMatch(/^\d+\.\d{6}$/);
    expect(await pay.getByTestId('usdt-countdown').textContent()).toMatch(/^\d\d:\d\d$/);
    await screenshot(page, 'usdt-pay-code');

    // The deposit, sent by a person on the sandbox chain page: one block is not enough.
    const chain = await page.context().newPage();
    await chain.goto(`${baseUrl()}/dev/chain`);
    await chain.getByRole('heading', { name: /沙箱链/ }).waitFor();
    await chain.locator('#dep select[name="chain"]').selectOption('trc20');
    await chain.locator('#dep input[name="address"]').fill(address);
    await chain.locator('#dep input[name="amount"]').fill(quantity ?? '');
    await chain.locator('#dep button').click();
    // The page reloads after the call; the deposit shows in its table with 1 confirmation.
    const seen = chain.locator('table').last().locator('tr', { hasText: address });
    await seen.waitFor();
    expect(await seen.locator('td').nth(3).textContent()).toBe('1');
    await screenshot(chain, 'usdt-sandbox-chain');
    expect(await headerBalance(page)).toBe(afterCoupon);
    await chain.locator('#mine input[name="blocks"]').fill('19');
    await chain.locator('#mine button').click();
    await chain.locator('#out').filter({ hasText: /\S/ }).waitFor();
    await chain.close();

    // Confirmed: the pay code closes with the success message and the balance rises without a reload.
    await page.getByText('充值成功，余额已到账').waitFor();
    await expect.poll(() => headerBalance(page)).toBeGreaterThanOrEqual(afterCoupon + 100);
    await screenshot(page, 'usdt-paid');

    // Both orders in the player's recharge records, from the user menu.
    await siteHeader(page).getByRole('button', { name: '用户菜单' }).hover();
    await page.getByRole('menuitem', { name: '充值记录' }).click();
    await page.waitForURL('**/userinfo/recharge');
    const rows = page.getByTestId('recharge-record');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('USDT · TRC20');
    expect(await rows.nth(0).textContent()).toContain('已到账');
    expect(await rows.nth(1).textContent()).toContain('支付宝');
    expect(await rows.nth(1).textContent()).toContain('¥15.00');
    await screenshot(page, 'recharge-records');
    await page.context().close();
  }, 120_000);
});
