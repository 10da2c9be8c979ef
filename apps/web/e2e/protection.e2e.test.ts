import { randomUUID } from 'node:crypto';
import type { BoxListResponse } from '@kaixiang/shared/boxes';
import type { ProtectionView } from '@kaixiang/shared/protection';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, creditCoins, registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, screenshot } from './browser.ts';

/**
 * Player protection as a player uses it (issue 24 §2): a daily net-loss limit set on
 * /userinfo/protection holds against the next stake, and a cool-off started there (after its
 * confirmation) stops play and recharge. Each step through the screen; the stakes through the API.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('safer play in the browser', () => {
  it('sets a net-loss limit that holds, then starts a cool-off that stops play', { timeout: 180_000 }, async () => {
    const player = await registerPlayer('理性玩家');
    await creditCoins(player.userId, 1_000_000);
    const boxes = await api<BoxListResponse>('GET', '/goods/v1/box/get-box-list');
    const starter = boxes.data.categories.flatMap((c) => c.boxes).find((b) => b.name === '新手箱');
    if (!starter) throw new Error('no starter box');
    const open = () =>
      api(
        'POST',
        '/goods/v1/box/open-box',
        { box_id: starter.box_id, count: 1, request_id: randomUUID() },
        player.token,
      );

    const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);
    await page.goto(`${baseUrl()}/userinfo/protection`);

    // A daily net-loss limit just above one starter box: the first opening fits, the second does not.
    const limitYuan = ((starter.price * 1.5) / 10_000).toFixed(2);
    await page.getByLabel('每日净亏损').fill(limitYuan);
    await page.getByRole('button', { name: '保存限额' }).click();
    await page.getByText('限额已保存').waitFor();
    const view = await api<ProtectionView>('GET', '/usercenter/v1/user/protection', undefined, player.token);
    expect(view.data.limits.loss_day).toBe(Math.round(Number(limitYuan) * 10_000));
    expect((await open()).code).toBe(200);
    expect((await open()).msg).toBe('本次投入将超过你设置的净亏损限额');

    // A cool-off: chosen, confirmed in its dialog, then shown instead of the choice it replaced.
    await page.getByRole('button', { name: '开始冷静期' }).click();
    const dialog = page.getByRole('dialog', { name: '确认开始冷静期' });
    await dialog.getByRole('button', { name: '确认开始' }).click();
    await page.getByText(/冷静期至/).waitFor();
    await screenshot(page, 'protection-cool-off', true);
    expect((await open()).msg).toBe('你正处于冷静期，冷静期结束前无法游戏或充值');
    const recharge = await api(
      'POST',
      '/trade/v1/test-mock-recharge',
      { money: 100_000, pay_mode: 'alipay' },
      player.token,
    );
    expect(recharge.msg).toBe('你正处于冷静期，冷静期结束前无法游戏或充值');
    await context.close();
  });
});
