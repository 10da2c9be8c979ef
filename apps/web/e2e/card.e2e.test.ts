import { ADMIN_GAME_PATHS } from '@kaixiang/shared/admin-games';
import { TREASURE_PATHS, type TreasureEndInfo } from '@kaixiang/shared/treasure';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, consoleSignInPage, creditCoins, inventory, makeStaff, type Player, registerPlayer } from './api.ts';
import { baseUrl, headerBalance, launch, logInWithPassword, newVisitor, SCREENSHOTS, screenshot } from './browser.ts';

/*
 * Card grabbing (夺宝) in a browser, against the real server throughout: a player made an admin by
 * the development endpoint (/dev/test/role) creates a treasure of four cards in the console's
 * Games section (a catalogue item found by name, its wear, ¥1 a card); two players credited by the
 * faucet open it, one grabs three cards and the other sees the grid fill live, the other grabs the
 * last card; the scheduler's leader draws it after the beacon's next value; both pages show the
 * winner; the winner's inventory has the item (source treasure); 去验证 opens the verifier with
 * every check ✓.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CARD_YUAN = 1;

async function signedIn(path: string, who: Player): Promise<Page> {
  const page = await newVisitor(browser);
  await page.goto(`${baseUrl()}/card`);
  await logInWithPassword(page, who);
  if (path !== '/card') await page.goto(`${baseUrl()}${path}`);
  return page;
}

const soldCells = (page: Page) => page.locator('.treasure-cell.is-sold:not(.treasure-cell--swatch)');

describe('card grabbing in the browser', () => {
  it('plays a whole treasure: an admin creates it, two players fill it live, the draw, the winner’s item, the verifier', async () => {
    const [admin, alice, bob] = await Promise.all([
      registerPlayer('夺宝管理员'),
      registerPlayer('夺宝阿强'),
      registerPlayer('夺宝小红'),
    ]);
    const staff = await makeStaff(admin);
    await Promise.all([creditCoins(alice.userId, 50 * 10_000), creditCoins(bob.userId, 50 * 10_000)]);

    // Treasures are made in the console (Games → 夺宝 → 创建夺宝); the dialog finds a catalogue
    // item by name. This browser's session passes the console's second factor first.
    const host = await signedIn('/card', admin);
    await consoleSignInPage(host, staff.recoveryCodes[0] ?? '');
    await host.goto(`${baseUrl()}/admin/games`);
    await host.getByRole('tab', { name: '夺宝' }).click();
    await host.getByRole('button', { name: '创建夺宝' }).click();
    const dialog = host.getByRole('dialog', { name: '创建夺宝' });
    await dialog.getByLabel('夺宝标题').fill('浏览器夺宝');
    const results = dialog.getByRole('list', { name: '饰品目录' });
    await results.getByRole('button').first().waitFor(); // the whole catalogue, dearest first
    // Typing "AK-47" and clicking the first result at once: the unfiltered list still on screen
    // can't be picked (it once gave gloves), so the click lands when the AK-47s are in. The search's
    // answer is held until the click has landed or is waiting on a disabled button.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const akSearch = /\/catalogue\/search\?.*keyword=AK-47/;
    await host.route(akSearch, async (route) => {
      await held;
      await route.continue();
    });
    const asked = host.waitForRequest(akSearch);
    await dialog.getByLabel('搜索饰品').fill('AK-47');
    let clicked = false;
    const click = results
      .getByRole('button')
      .first()
      .click()
      .then(() => {
        clicked = true;
      });
    await asked;
    await expect.poll(async () => clicked || (await results.getByRole('button').first().isDisabled())).toBe(true);
    answer();
    await click;
    await host.unroute(akSearch);
    const wears = dialog.getByRole('group', { name: /已选：/ });
    const prizeName =
      ((await wears.locator('legend').textContent()) ?? '').replace(/^已选：/, '').split(' · ')[0] ?? '';
    expect(prizeName).toContain('AK-47');
    expect(await results.locator('.catalogue-picker__name').first().textContent()).toBe(prizeName);
    await wears.getByRole('radio').last().check();
    await dialog.getByLabel('卡片数量（2–1000）').fill('4');
    await dialog.getByLabel('每张价格（元）').fill(String(CARD_YUAN));
    await dialog.getByText('全部售出共 ¥4.00').waitFor();
    // The dearest AK-47 is worth more than ¥4 in any wear: a loss, in red, that needs a second yes.
    await dialog
      .getByTestId('treasure-margin')
      .getByText(/全部售出后预计亏损 ¥/)
      .waitFor();
    await screenshot(host, 'card-create-dialog');
    const created = host.waitForResponse((r) => r.url().includes(ADMIN_GAME_PATHS.treasureCreate));
    await dialog.getByRole('button', { name: '创建', exact: true }).click();
    const confirm = host.getByRole('dialog').filter({ hasText: '确定仍要创建吗？' });
    await confirm.waitFor();
    await screenshot(host, 'card-create-loss-confirm');
    await confirm.getByRole('button', { name: '仍然创建' }).click();
    const createBody = (await (await created).json()) as { code: number; data: { room_id: number }; msg: string };
    expect(createBody.code, createBody.msg).toBe(200);
    const roomId = createBody.data.room_id;
    // The console lists it at once; the admin then watches it on the site.
    await host.getByRole('status').getByText(`#${roomId}`).waitFor();
    await host.getByRole('row').filter({ hasText: '浏览器夺宝' }).waitFor();
    await host.goto(`${baseUrl()}/card/details?roomID=${roomId}`);
    await host.locator('.treasure-room').getByRole('timer').waitFor();
    expect(await host.locator('.treasure-room__prize').textContent()).toContain(prizeName);

    // Alice finds it in the hall, on sale.
    const pa = await signedIn('/card', alice);
    const card = pa.getByRole('link', { name: '浏览器夺宝' });
    await card.waitFor();
    expect(await card.textContent()).toContain('已售 0/4');
    expect(await card.textContent()).toContain('开售中');
    await screenshot(pa, 'card-hall');
    await card.click();
    await pa.waitForURL(new RegExp(`roomID=${roomId}`));
    const pb = await signedIn(`/card/details?roomID=${roomId}`, bob);
    await pb.getByRole('form', { name: '抢卡' }).waitFor();

    // Alice grabs three cards; Bob's page fills live (treasure:{id}), and so does the admin's.
    const aliceBefore = await headerBalance(pa);
    const grabBox = pa.getByRole('form', { name: '抢卡' });
    await grabBox.getByLabel('抢卡数量').fill('3');
    expect(await grabBox.getByTestId('grab-total').textContent()).toBe('¥3.00');
    await grabBox.getByRole('button', { name: '立即抢卡' }).click();
    await pa.getByText('抢卡成功：#1 #2 #3').waitFor();
    await expect.poll(() => soldCells(pb).count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => soldCells(host).count(), { timeout: 15_000 }).toBe(3);
    await pb.getByRole('list', { name: '卡片' }).getByLabel('第 2 张 · 夺宝阿强').waitFor();
    expect(await pa.locator('.treasure-cell.is-mine:not(.treasure-cell--swatch)').count()).toBe(3);
    await expect.poll(() => headerBalance(pa)).toBe(aliceBefore - 3 * CARD_YUAN);
    await screenshot(pb, 'card-details-filling', true);

    // Bob takes the last card: the treasure is full, the leader draws it after the beacon.
    await pb.getByRole('form', { name: '抢卡' }).getByRole('button', { name: '立即抢卡' }).click();
    const resultA = pa.getByRole('region', { name: '开奖结果' });
    const resultB = pb.getByRole('region', { name: '开奖结果' });
    await resultA.waitFor({ timeout: 60_000 });
    await resultB.waitFor({ timeout: 60_000 });
    const end = (await api<TreasureEndInfo>('GET', `${TREASURE_PATHS.endInfo}?room_id=${roomId}`)).data;
    expect(end.phase).toBe('won');
    expect(end.holders).toEqual([alice.userId, alice.userId, alice.userId, bob.userId]);
    const [winner, loser, winnerPage] = end.winner?.user_id === alice.userId ? [alice, bob, pa] : [bob, alice, pb];
    const winnerNick = winner === alice ? '夺宝阿强' : '夺宝小红';
    for (const r of [resultA, resultB]) {
      await r.getByText(`获得者：${winnerNick}`).waitFor();
      await r.getByText(`中奖卡片 #${(end.winning_card ?? 0) + 1}`).waitFor();
    }
    await winnerPage.getByText(`恭喜！你以第 ${(end.winning_card ?? 0) + 1} 张卡片获得了 ${prizeName}`).waitFor();
    expect(await winnerPage.locator('.treasure-cell.is-winner:not(.treasure-cell--swatch)').count()).toBe(1);
    await host
      .getByRole('region', { name: '开奖结果' })
      .getByText(`获得者：${winnerNick}`)
      .waitFor({ timeout: 30_000 });
    await resultA.getByText(end.server_seed ?? 'no seed').waitFor();
    await screenshot(winnerPage, 'card-details-ended', true);

    // The winner has the item from the treasure; the other player has nothing from it.
    const won = (await inventory(winner)).filter((i) => i.source === 'treasure');
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ item_id: end.item.item_id, exter: end.item.exter, status: 0 });
    expect((await inventory(loser)).filter((i) => i.source === 'treasure')).toHaveLength(0);

    // 去验证 → the fairness page's treasure verifier, every check ✓.
    await winnerPage.getByRole('link', { name: '去验证' }).click();
    await winnerPage.waitForURL(new RegExp(`/fairness\\?treasure=${roomId}`));
    const verdict = winnerPage.getByTestId('treasure-verify');
    await verdict.waitFor({ timeout: 15_000 });
    expect(await verdict.locator('.verify-check.is-bad').count()).toBe(0);
    expect(await verdict.locator('.verify-check.is-ok').count()).toBe(5);
    await verdict.scrollIntoViewIfNeeded();
    await winnerPage
      .getByRole('region', { name: '验证一次夺宝' })
      .screenshot({ path: `${SCREENSHOTS}card-verifier.png` });

    // My cards: the treasure with my cards, paid and status.
    await pa.goto(`${baseUrl()}/card/my`);
    const mine = pa.getByRole('region', { name: '我参与的夺宝' }).getByRole('link', { name: '浏览器夺宝' });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('我的卡片（3 张）：#1 #2 #3');
    expect(await mine.textContent()).toContain(winner === alice ? '已中奖' : '未中奖');
    await screenshot(pa, 'card-my', true);

    // The hall's ended tab has it with its winner.
    await pa.goto(`${baseUrl()}/card`);
    await pa.getByRole('tab', { name: '已结束' }).click();
    const ended = pa.getByRole('link', { name: '浏览器夺宝' });
    await ended.waitFor();
    expect(await ended.textContent()).toContain(`获得者：${winnerNick}`);
    await screenshot(pa, 'card-hall-ended');
    for (const p of [host, pa, pb]) await p.context().close();
  }, 300_000);
});
