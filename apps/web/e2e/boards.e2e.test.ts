import { randomUUID } from 'node:crypto';
import type { BoxListResponse } from '@kaixiang/shared/boxes';
import {
  ADMIN_CUP_PATHS,
  type AdminCupFixture,
  type AdminCupTournament,
  CUP_PATHS,
  type CupView,
} from '@kaixiang/shared/cup';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, creditCoins, creditPoints, makeStaff, registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, screenshot } from './browser.ts';

/**
 * Boards and events as a player meets them (issue 25): the boards fill as the player opens boxes,
 * and a world cup fixture goes from the operator's entry to a prediction made on /worldCup and paid
 * when the result is entered. The operator's part goes through the admin API; the player's through
 * the screens.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('boards and the world cup in the browser', () => {
  it('shows a player on the boards after opening, and pays a right prediction', { timeout: 180_000 }, async () => {
    const name = `榜${randomUUID().slice(0, 6)}`;
    const player = await registerPlayer(name);
    await creditCoins(player.userId, 2_000_000_000);
    await creditPoints(player.userId, 1_000);
    const boxes = await api<BoxListResponse>('GET', '/goods/v1/box/get-box-list');
    const priciest = boxes.data.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price > a.price ? b : a));
    const opened = await api(
      'POST',
      '/goods/v1/box/open-box',
      { box_id: priciest.box_id, count: 5, request_id: randomUUID() },
      player.token,
    );
    expect(opened.code).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);

    // The Cases board of today has the player, and their own standing says so.
    await page.goto(`${baseUrl()}/ranking`);
    await page.getByRole('tab', { name: '开箱榜' }).click();
    await page.getByRole('table').getByText(name).waitFor();
    await screenshot(page, 'boards-royal', true);
    // The unpacking king lists the player's best opening of the day.
    await page.goto(`${baseUrl()}/vipUnpackingKing`);
    await page.getByTestId('king-king_value').getByText(name).first().waitFor();

    // The operator's tournament and a fixture kicking off shortly.
    const operator = await registerPlayer(`运营${randomUUID().slice(0, 6)}`);
    await makeStaff(operator);
    const tournament = await api<AdminCupTournament>(
      'POST',
      ADMIN_CUP_PATHS.createTournament,
      { title_zh_cn: `测试杯${randomUUID().slice(0, 4)}`, state: 'open' },
      operator.token,
    );
    expect(tournament.code).toBe(200);
    const kickoff = Date.now() + 20_000;
    const fixture = await api<AdminCupFixture>(
      'POST',
      ADMIN_CUP_PATHS.createFixture,
      {
        tournament_id: tournament.data.id,
        home_zh_cn: '阿根廷',
        away_zh_cn: '法国',
        kickoff_at: kickoff,
        odds_home_bp: 21_000,
        odds_draw_bp: 32_000,
        odds_away_bp: 34_000,
        max_stake: 500,
      },
      operator.token,
    );
    expect(fixture.code).toBe(200);

    // The player predicts on the page.
    await page.goto(`${baseUrl()}/worldCup`);
    const card = page.getByTestId(`cup-fixture-${fixture.data.id}`);
    await card.getByRole('button', { name: /主胜/ }).click();
    await card.getByRole('textbox').fill('100');
    await card.getByText('猜中可得 210 积分').waitFor();
    await card.getByRole('button', { name: '确认竞猜' }).click();
    await card.getByTestId('cup-my-pick').getByText('待开奖').waitFor();

    // After kick-off the operator enters the result: the right pick is paid at once.
    const state = async () =>
      (
        await api<CupView>('GET', `${CUP_PATHS.info}?tournament_id=${tournament.data.id}`, undefined, player.token)
      ).data.fixtures.find((f) => f.id === fixture.data.id)?.state;
    while ((await state()) === 'open') await new Promise((r) => setTimeout(r, 500));
    const settled = await api(
      'POST',
      ADMIN_CUP_PATHS.settleFixture,
      { id: fixture.data.id, result: 'home', reason: '赛果' },
      operator.token,
    );
    expect(settled.code).toBe(200);
    await page.reload();
    await page.getByTestId(`cup-fixture-${fixture.data.id}`).getByText('猜中 +210').waitFor();
    await screenshot(page, 'cup-paid', true);
    const mine = await api<CupView>(
      'GET',
      `${CUP_PATHS.info}?tournament_id=${tournament.data.id}`,
      undefined,
      player.token,
    );
    expect(mine.data.me).toMatchObject({ rank: 1, score: 210, plays: 1 });
    await context.close();
  });
});
