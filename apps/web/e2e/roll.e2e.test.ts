import { ADMIN_GAME_PATHS } from '@kaixiang/shared/admin-games';
import { ROLL_PATHS } from '@kaixiang/shared/roll';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  consoleSignInPage,
  inventory,
  itemFromBox,
  makeAnchor,
  makeStaff,
  type Player,
  registerPlayer,
} from './api.ts';
import { baseUrl, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/*
 * Roll rooms (ROLL房) in a browser, against the real server throughout. First a player's empty
 * hall, its tabs and the fairness page's refusal of an unknown room (it runs first: a fresh server
 * has no room). Then a whole room: a player made an anchor by the development endpoint
 * (/dev/test/account-type) opens a box, creates a room in the create dialog with that item, a
 * password and the earliest draw time the rule allows (1 minute, in the input's whole minutes);
 * one player joins with the password, another is refused with a wrong one; the scheduler's leader
 * draws at the draw time; the pages show the winner, the item is in the winner's inventory
 * (source roll), and 去验证 opens the verifier with every check ✓.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(path: string, who: Player): Promise<Page> {
  const page = await newVisitor(browser);
  await page.goto(`${baseUrl()}/roll`);
  await logInWithPassword(page, who);
  if (path !== '/roll') await page.goto(`${baseUrl()}${path}`);
  return page;
}
describe('roll rooms in the browser', () => {
  it('shows a player the real hall’s tabs, and the fairness page passes on the server’s refusal', async () => {
    const player = await registerPlayer('ROLL玩家');
    const page = await newVisitor(browser);
    await page.goto(`${baseUrl()}/roll`);
    await logInWithPassword(page, player);
    await page.getByRole('tab', { name: '全部房间' }).waitFor();
    for (const [tab, state] of [
      ['我参与的', 2],
      ['已结束', 3],
      ['全部房间', 1],
    ] as const) {
      // Each tab asks the server for its own state (2: joined by me, signed in).
      const answered = page.waitForResponse(
        (r) => r.url().includes(ROLL_PATHS.list) && r.url().includes(`state=${state}`),
      );
      await page.getByRole('tab', { name: tab }).click();
      expect((await answered).status()).toBe(200);
      expect(await page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }
    // No room exists on a fresh server: the empty state, and no create button for a player.
    await page.getByText('暂无房间').waitFor();
    expect(await page.getByRole('button', { name: '创建房间' }).count()).toBe(0);
    await screenshot(page, 'roll-hall-empty');

    await page.goto(`${baseUrl()}/fairness?roll=999`);
    const panel = page.getByRole('region', { name: '验证一个ROLL房' });
    await panel.getByRole('alert').waitFor();
    expect((await panel.getByRole('alert').textContent())?.length).toBeGreaterThan(0);
    await panel.screenshot({ path: `${(await import('./browser.ts')).SCREENSHOTS}roll-verifier-unknown.png` });
  });

  it('plays a whole room: an anchor creates it with a box item, one player joins with the password, the draw, the winner’s inventory, the verifier', async () => {
    const [anchor, joiner, onlooker] = await Promise.all([
      registerPlayer('ROLL主播'),
      registerPlayer('ROLL阿强'),
      registerPlayer('ROLL路人'),
    ]);
    await makeAnchor(anchor.userId);
    const item = await itemFromBox(anchor);
    const mine = (await inventory(anchor)).find((i) => i.item_id === item.item_id && i.status === 0);
    if (!mine) throw new Error('the box item is not in the anchor’s inventory');

    // The anchor's hall has the create button (the create rule says can_create).
    const host = await signedIn('/roll', anchor);
    await host.getByRole('button', { name: '创建房间' }).click();
    const dialog = host.getByRole('dialog', { name: '创建ROLL房' });
    await dialog.getByLabel('房间标题').fill('主播测试房');
    await dialog.getByLabel('房间描述').fill('浏览器里的一整局');
    // The earliest draw time the rule allows (1 minute ahead), in the input's minutes: the first
    // whole minute at least 60 s (+ 15 s to fill in the form) from now, in the browser's time zone.
    const { value: drawValue, ms: drawMs } = await host.evaluate(() => {
      const at = new Date(Math.ceil((Date.now() + 75_000) / 60_000) * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      const value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      return { value, ms: at.getTime() };
    });
    await dialog.getByLabel('开奖时间').fill(drawValue);
    await dialog.getByLabel('房间密码（可选）').fill('kx8888');
    await dialog.locator('label', { hasText: item.name }).getByRole('checkbox').check();
    const created = host.waitForResponse((r) => r.url().includes(ROLL_PATHS.create));
    await dialog.getByRole('button', { name: '创建', exact: true }).click();
    const createBody = (await (await created).json()) as { code: number; data: { room_id: number }; msg: string };
    expect(createBody.code, createBody.msg).toBe(200);
    const roomId = createBody.data.room_id;
    // The dialog goes to the new room.
    await host.waitForURL(new RegExp(`roomID=${roomId}`));
    await host.locator('.roll-room').getByRole('timer').waitFor();
    expect(await host.getByRole('region', { name: '奖品' }).getByText(item.name).count()).toBeGreaterThan(0);
    // The prize is locked in the anchor's inventory until the draw.
    expect((await inventory(anchor)).find((i) => i.id === mine.id)?.status).toBe(5);
    await screenshot(host, 'roll-room-created', true);

    // Two other players open the room; one joins with the password, the other tries a wrong one.
    const [joinPage, lookPage] = await Promise.all([
      signedIn(`/vipRoll/details?roomID=${roomId}`, joiner),
      signedIn(`/vipRoll/details?roomID=${roomId}`, onlooker),
    ]);
    await lookPage.getByLabel('房间密码').fill('wrong1');
    const refused = lookPage.waitForResponse((r) => r.url().includes(ROLL_PATHS.join));
    await lookPage.getByRole('button', { name: '立即参与' }).click();
    expect(((await (await refused).json()) as { code: number }).code).not.toBe(200);
    expect(await lookPage.getByRole('button', { name: '立即参与' }).count()).toBe(1);

    await joinPage.getByLabel('房间密码').fill('kx8888');
    await joinPage.getByRole('button', { name: '立即参与' }).click();
    await joinPage.getByRole('button', { name: '已参与，等待开奖' }).waitFor();
    const players = joinPage.getByRole('region', { name: '参与用户' });
    await players.getByText('ROLL阿强').waitFor();
    await screenshot(joinPage, 'roll-room-joined', true);
    // The anchor's page follows the join live (roll:{id}).
    await host.getByRole('region', { name: '参与用户' }).getByText('ROLL阿强').waitFor({ timeout: 15_000 });

    // The draw: the scheduler's leader at the draw time, after the beacon's next value.
    expect(drawMs - Date.now()).toBeGreaterThan(0);
    const winners = joinPage.getByRole('region', { name: '中奖名单' });
    await winners.waitFor({ timeout: drawMs - Date.now() + 120_000 });
    await winners.getByText('获得者：ROLL阿强').waitFor();
    expect(await joinPage.getByText(`恭喜！你获得了 ${item.name}`).count()).toBeGreaterThan(0);
    // The others' pages end too.
    await host.getByRole('region', { name: '中奖名单' }).getByText('获得者：ROLL阿强').waitFor({ timeout: 30_000 });
    await lookPage.getByRole('region', { name: '中奖名单' }).getByText('获得者：ROLL阿强').waitFor({
      timeout: 30_000,
    });
    await screenshot(joinPage, 'roll-room-drawn', true);

    // The winner has the item from the roll; the anchor's went out as a roll prize.
    const won = (await inventory(joiner)).filter((i) => i.source === 'roll');
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ item_id: item.item_id, status: 0 });
    expect((await inventory(anchor)).find((i) => i.id === mine.id)).toMatchObject({ status: 2, disposal: 'roll' });
    expect((await inventory(onlooker)).filter((i) => i.source === 'roll')).toHaveLength(0);

    // 去验证 → the fairness page's roll verifier, every check ✓.
    await joinPage.getByRole('link', { name: '去验证' }).click();
    await joinPage.waitForURL(new RegExp(`/fairness\\?roll=${roomId}`));
    const verdict = joinPage.getByTestId('roll-verify');
    await verdict.waitFor({ timeout: 15_000 });
    expect(await verdict.locator('.verify-check.is-bad').count()).toBe(0);
    expect(await verdict.locator('.verify-check.is-ok').count()).toBeGreaterThanOrEqual(4);
    await verdict.scrollIntoViewIfNeeded();
    await screenshot(joinPage, 'roll-verifier');
    for (const p of [host, joinPage, lookPage]) await p.context().close();
  }, 300_000);

  it('keeps an invited-only room to the owner’s invitees: the owner shares the link, a player binds the code on the page and joins', async () => {
    const [anchor, fan, other] = await Promise.all([
      registerPlayer('邀请主播'),
      registerPlayer('邀请阿强'),
      registerPlayer('别人的人'),
    ]);
    await makeAnchor(anchor.userId);
    const item = await itemFromBox(anchor);
    const mine = (await inventory(anchor)).find((i) => i.item_id === item.item_id && i.status === 0);
    if (!mine) throw new Error('the box item is not in the anchor’s inventory');
    // The other player is somebody else's invitee already.
    const bound = await api(
      'POST',
      '/usercenter/v1/user/bind-invite-code',
      { invite_code: await inviteCode(fan) },
      other.token,
    );
    expect(bound.code, bound.msg).toBe(200);

    const host = await signedIn('/roll', anchor);
    await host.getByRole('button', { name: '创建房间' }).click();
    const dialog = host.getByRole('dialog', { name: '创建ROLL房' });
    await dialog.getByLabel('房间标题').fill('粉丝专属房');
    await dialog.getByRole('checkbox', { name: /仅限我邀请的玩家参与/ }).check();
    await dialog.locator('label', { hasText: item.name }).getByRole('checkbox').check();
    const created = host.waitForResponse((r) => r.url().includes(ROLL_PATHS.create));
    await dialog.getByRole('button', { name: '创建', exact: true }).click();
    const roomId = ((await (await created).json()) as { data: { room_id: number } }).data.room_id;
    await host.waitForURL(new RegExp(`roomID=${roomId}`));
    // The owner gets the code and a link to this room carrying it.
    const share = host.getByRole('region', { name: '邀请参与' });
    const code = await inviteCode(anchor);
    await share.getByText(code, { exact: true }).waitFor();
    expect(await share.getByText(`${baseUrl()}/roll/details?roomID=${roomId}&invite=${code}`).count()).toBe(1);
    await screenshot(host, 'roll-invite-owner', true);

    // A player with no inviter binds the owner's code on the room's page, then may join.
    const fanPage = await signedIn(`/roll/details?roomID=${roomId}`, fan);
    const offer = fanPage.getByRole('region', { name: '邀请参与' });
    await offer.getByText(`绑定房主的邀请码 ${code} 即可参与`, { exact: false }).waitFor();
    await screenshot(fanPage, 'roll-invite-bind', true);
    await offer.getByRole('button', { name: '绑定邀请码' }).click();
    await fanPage.getByText('仅限房主邀请的用户✓ 已满足').waitFor();
    await fanPage.getByRole('button', { name: '立即参与' }).click();
    await fanPage.getByRole('button', { name: '已参与，等待开奖' }).waitFor();

    // One bound elsewhere is told why not, and the server refuses them too.
    const otherPage = await signedIn(`/roll/details?roomID=${roomId}`, other);
    await otherPage.getByText('你已绑定其他邀请人，无法参与此房间。').waitFor();
    const refused = await api('POST', ROLL_PATHS.join, { room_id: roomId }, other.token);
    expect(refused.msg).toBe('仅限该主播邀请的用户参与');
    for (const p of [host, fanPage, otherPage]) await p.context().close();
  }, 120_000);

  it('lets an admin make an official room of house prizes picked from the catalogue, in the console', async () => {
    const admin = await registerPlayer('官方运营');
    const staff = await makeStaff(admin);
    const page = await signedIn('/roll', admin);
    // Official rooms are made in the console's Games section: this session passes the second factor.
    await consoleSignInPage(page, staff.recoveryCodes[0] ?? '');
    await page.goto(`${baseUrl()}/admin/games`);
    await page.getByRole('button', { name: '创建官方ROLL房' }).click();
    const dialog = page.getByRole('dialog', { name: '创建官方ROLL房' });
    await dialog.getByLabel('房间名称').fill('官方福利房');
    expect(await dialog.getByRole('checkbox', { name: /仅限我邀请的玩家参与/ }).count()).toBe(0);
    await dialog.getByLabel('搜索饰品').fill('AK-47');
    const ak = dialog.getByRole('button', { name: /AK-47/ }).first();
    await ak.waitFor();
    await ak.click();
    await dialog.getByRole('button', { name: '加入奖品' }).click();
    const chosen = dialog.getByRole('list', { name: '已选奖品' });
    await chosen.getByRole('listitem').first().waitFor();
    await screenshot(page, 'roll-official-create', true);
    const created = page.waitForResponse((r) => r.url().includes(ADMIN_GAME_PATHS.rollCreate));
    await dialog.getByRole('button', { name: '创建', exact: true }).click();
    const body = (await (await created).json()) as { code: number; data: { room_id: number }; msg: string };
    expect(body.code, body.msg).toBe(200);
    // Listed in the console, official; then the room as players see it.
    await page.getByRole('row').filter({ hasText: '官方福利房' }).getByText('官方', { exact: true }).waitFor();
    await page.goto(`${baseUrl()}/roll/details?roomID=${body.data.room_id}`);
    const prizes = page.getByRole('region', { name: '奖品', exact: true });
    await prizes.getByText(/AK-47/).first().waitFor();
    expect(await prizes.getByRole('listitem').count()).toBe(1);
    expect(await page.locator('.roll-room__head').getByText('官方', { exact: true }).count()).toBe(1);
    await screenshot(page, 'roll-official-room', true);
    await page.context().close();
  }, 120_000);
});

/** A player's own invite code, as their profile shows it. */
async function inviteCode(player: Player): Promise<string> {
  const detail = await api<{ super_invite_code: string }>('GET', '/usercenter/v1/user/detail', undefined, player.token);
  expect(detail.code, detail.msg).toBe(200);
  return detail.data.super_invite_code;
}
