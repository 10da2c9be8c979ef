import { ROLL_PATHS } from '@kaixiang/shared/roll';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/*
 * Roll rooms (ROLL房) in a browser. Not yet the whole game: making a room takes an anchor or admin
 * account (account_type 2/3), which only the database can make today — the server has no
 * development endpoint for it, and the e2e server's database is embedded in its process. So the
 * first test runs against the real server throughout (a player's hall, tabs and the fairness
 * page's refusal of an unknown room), and the second serves the roll answers from fixtures in the
 * shapes of packages/shared/src/roll.ts to look at a full hall, an open room and a drawn one.
 * When a dev endpoint can make an anchor, the second becomes: create, join, wait for the draw
 * (the shortest draw time is 1 minute), read the winners.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const NOW = Date.now();
const NONE = { min_recharge: 0, recharge_days: 0, min_vip: 0, invited_only: false, has_password: false };
const person = (id: number, name: string) => ({ user_id: id, nick_name: name, avatar: '', vip_level: 2 });
const prize = (index: number, name: string, price: number, quality: number, winner: unknown = null) => ({
  index,
  item_id: 1 + index,
  name,
  img: '',
  quality,
  exter: 1,
  price,
  winner,
  returned: false,
});
const PRIZES = [
  prize(0, 'AK-47 | 红线 (久经沙场)', 1_250_000, 5),
  prize(1, 'AWP | 二西莫夫', 980_000, 6),
  prize(2, 'P250 | 沙丘', 60_000, 2),
];
const card = (over: object = {}) => ({
  room_id: 7,
  title: '主播小凯的周末福利房',
  description: '关注直播间，周末开奖',
  owner: { ...person(2, '主播小凯'), official: false },
  state: 1,
  draw_at: NOW + 3 * 3_600_000 + 125_000,
  created_at: NOW - 3_600_000,
  ended_at: null,
  prize_count: 3,
  prize_value: 2_290_000,
  player_count: 18,
  top_prizes: PRIZES,
  conditions: NONE,
  joined: null,
  ...over,
});
const ROOMS = [
  card(),
  card({
    room_id: 8,
    title: '官方每日ROLL',
    owner: { ...person(1, '开箱官方'), official: true },
    conditions: { ...NONE, min_recharge: 1_000_000, recharge_days: 7 },
    player_count: 342,
    draw_at: NOW + 26 * 3_600_000,
  }),
  card({ room_id: 9, title: '粉丝专属房', conditions: { ...NONE, has_password: true, min_vip: 3 }, player_count: 5 }),
];
const SELF = { joined: false, joined_at: null, won_prize: null, vip_level: 2, recharged: 300_000, invited: false };
const info = (over: object = {}) => ({
  ...card({ conditions: { ...NONE, min_recharge: 1_000_000, recharge_days: 7, min_vip: 2, has_password: true } }),
  // The server's clock an hour ahead of ours: the countdown must follow the server's.
  now: NOW + 3_600_000,
  closed_at: null,
  room_seq: 1,
  server_seed_hash: `${'a3f'.repeat(21)}b`,
  server_seed: null,
  public_seed: null,
  beacon_round: null,
  beacon_url: null,
  self: SELF,
  ...over,
});
const DRAWN_PRIZES = [
  prize(0, 'AK-47 | 红线 (久经沙场)', 1_250_000, 5, person(11, '阿强')),
  prize(1, 'AWP | 二西莫夫', 980_000, 6, person(12, '小明')),
  { ...prize(2, 'P250 | 沙丘', 60_000, 2), returned: true },
];
const DRAWN = info({
  state: 3,
  ended_at: NOW,
  server_seed: '5e'.repeat(32),
  public_seed: '9c'.repeat(32),
  beacon_round: 4242,
  beacon_url: 'https://drand.example/4242',
  top_prizes: DRAWN_PRIZES,
  self: { ...SELF, joined: true, joined_at: NOW },
});

const envelope = (data: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify({ code: 200, data, msg: '' }),
});

async function serveRolls(page: Page, room: () => object, prizes: () => object[]) {
  const on = (path: string, data: () => unknown) =>
    page.route(`**/api${path}?**`, (route: Route) => route.fulfill(envelope(data())));
  await on(ROLL_PATHS.list, () => ({ list: ROOMS, total: ROOMS.length }));
  await on(ROLL_PATHS.info, room);
  await on(ROLL_PATHS.items, () => ({ room_id: 7, list: prizes() }));
  await on(ROLL_PATHS.users, () => ({
    list: Array.from({ length: 18 }, (_, i) => ({ ...person(20 + i, `玩家${i + 1}`), joined_at: NOW })),
    total: 18,
  }));
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

  it('renders a full hall, an open room and a drawn one (roll answers from fixtures)', async () => {
    const player = await registerPlayer('ROLL看客');
    const page = await newVisitor(browser);
    let drawn = false;
    await serveRolls(
      page,
      () => (drawn ? DRAWN : info()),
      () => (drawn ? DRAWN_PRIZES : PRIZES),
    );
    await page.goto(`${baseUrl()}/roll`);
    await logInWithPassword(page, player);
    await page.getByRole('link', { name: '官方每日ROLL' }).waitFor();
    expect(await page.getByRole('link', { name: '粉丝专属房' }).getByRole('img', { name: '需要密码' }).count()).toBe(1);
    await screenshot(page, 'roll-hall');

    await page.getByRole('link', { name: '主播小凯的周末福利房' }).click();
    const timer = page.locator('.roll-room').getByRole('timer');
    await timer.waitFor();
    // 3 h 2 min 5 s after our clock, 2 h 2 min 5 s after the server's.
    expect(await timer.textContent()).toMatch(/^02:0[12]:\d\d$/);
    await page.getByLabel('房间密码').waitFor();
    expect(await page.getByText('还需充值 ¥70.00').count()).toBe(1);
    await screenshot(page, 'roll-room-open', true);

    drawn = true;
    await page.goto(`${baseUrl()}/vipRoll/details?roomID=7`);
    const winners = page.getByRole('region', { name: '中奖名单' });
    await winners.getByText('获得者：阿强').waitFor();
    expect(await winners.getByText('已退回房主').count()).toBe(1);
    expect(await page.getByRole('button', { name: '已参与，等待开奖' }).count()).toBe(0);
    await screenshot(page, 'roll-room-drawn', true);
  });
});
