import type { BattleRoomData } from '@kaixiang/shared/battles';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, creditCoins, registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/**
 * A whole box battle in three browsers (issue 11 "Done means"): player A creates a fast two-box
 * battle for three, player B joins from the hall, A seats a robot, and a visitor who is not signed
 * in watches; all three see the reels run to the same result on the server's clock. Beside them:
 * the watcher count, a late visitor whose pictures never come (the loading overlay lets go after
 * 5 s), and a visitor in the hall whose results sidebar shows the battle once it has ended.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function roomOf(roomId: number): Promise<BattleRoomData> {
  const answer = await api<{ data: BattleRoomData }>('GET', `/goods/v1/pk/get-room-data?room_id=${roomId}`);
  return answer.data.data;
}

/**
 * Records the text of every error toast the page shows, however briefly: a watcher must see the
 * whole battle without one (a refetch cancelled by the next event once toasted 服务器繁忙).
 */
async function recordErrorToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __errorToasts: string[] }).__errorToasts = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const node of r.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const toasts = node.matches('.toast--error') ? [node] : [...node.querySelectorAll('.toast--error')];
          for (const t of toasts) seen.push(t.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const errorToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __errorToasts: string[] }).__errorToasts);

/** For every seat's reel: the item under the centre marker, and the one marked as won. */
function landedReels(page: Page): Promise<{ under: string | null; won: string | null }[]> {
  return page.$$eval('[data-testid="battle-reel"]', (reels) =>
    reels.map((reel) => {
      const box = reel.getBoundingClientRect();
      const cy = box.top + box.height / 2;
      const tiles = [...reel.querySelectorAll<HTMLElement>('.battle-tile')];
      const under = tiles.find((t) => {
        const r = t.getBoundingClientRect();
        return r.top <= cy && cy <= r.bottom;
      });
      return {
        under: under?.dataset.itemId ?? null,
        won: reel.querySelector<HTMLElement>('.battle-tile.is-won')?.dataset.itemId ?? null,
      };
    }),
  );
}

/** The items each seat shows on the completion screen, by seat. */
function shownItems(page: Page): Promise<string[][]> {
  return page.$$eval('[data-testid="battle-seat"]', (seats) =>
    seats.map((seat) =>
      [...seat.querySelectorAll<HTMLElement>('.battle-item')].map((item) => item.dataset.itemId ?? ''),
    ),
  );
}

describe('box battles in the browser', () => {
  it('two players and a robot play a fast battle to its end while a visitor watches', async () => {
    const [alice, bob] = await Promise.all([registerPlayer('对战房主'), registerPlayer('挑战者')]);
    await Promise.all([creditCoins(alice.userId, 20_000_000), creditCoins(bob.userId, 20_000_000)]);

    const a = await newVisitor(browser);
    await recordErrorToasts(a);
    await a.goto(`${baseUrl()}/`);
    await logInWithPassword(a, alice);
    await a
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: /竞技场/ })
      .click();
    await a.getByRole('heading', { name: '竞技场' }).waitFor();

    // Create: two boxes, three seats, the fast mode.
    await a.getByRole('button', { name: '创建对战' }).click();
    const dialog = a.getByRole('dialog', { name: '创建对战' });
    const add = dialog.getByRole('button', { name: /^添加 / });
    await add.first().waitFor();
    await add.nth(0).click();
    await add.nth(1).click();
    await expect.poll(() => dialog.getByTestId('box-counter').textContent()).toMatch(/^2\/\d+$/);
    await dialog.getByRole('button', { name: '3 人' }).click();
    await dialog.getByRole('button', { name: '极速' }).click();
    await screenshot(a, 'battles-create-dialog');
    await dialog.getByRole('button', { name: '确认创建' }).click();
    await a.waitForURL(/\/battle\/details\?roomID=\d+/);
    const roomId = Number(new URL(a.url()).searchParams.get('roomID'));
    await a.getByTestId('battle-seat').first().getByText('对战房主').waitFor();

    // The watcher finds it in the hall, live.
    const w = await newVisitor(browser);
    await recordErrorToasts(w);
    await w.goto(`${baseUrl()}/vipBattle`);
    const card = w.getByTestId('battle-card').filter({ hasText: `房间 #${roomId}` });
    await card.waitFor();
    await card.getByText('等待玩家加入 1/3').waitFor();
    await screenshot(w, 'battles-hall');

    // B joins from the hall and lands in the room.
    const b = await newVisitor(browser);
    await recordErrorToasts(b);
    await b.goto(`${baseUrl()}/`);
    await logInWithPassword(b, bob);
    await b.goto(`${baseUrl()}/vipBattle`);
    await b
      .getByTestId('battle-card')
      .filter({ hasText: `房间 #${roomId}` })
      .getByRole('button', { name: '加入' })
      .click();
    await b.waitForURL(new RegExp(`roomID=${roomId}$`));
    // The hall follows the socket: the watcher's card shows the second player without a reload.
    await card.getByText('等待玩家加入 2/3').waitFor();
    await card.getByRole('link', { name: '查看' }).click();
    await w.waitForURL(new RegExp(`roomID=${roomId}$`));
    await a.getByTestId('battle-seat').nth(1).getByText('挑战者').waitFor();

    // Three pages have the room open: the watcher's count says so, live from the room's channel.
    const watchers = async () => Number((await w.getByTestId('battle-watchers').textContent())?.match(/\d+/)?.[0]);
    await expect.poll(watchers, { timeout: 10_000 }).toBe(3);
    await screenshot(w, 'battles-watchers');

    // B shows the room an emoticon: the watcher sees it above B's seat, and 2 s later no more.
    await w.getByTestId('battle-seat').nth(1).getByText('挑战者').waitFor();
    await b.getByRole('button', { name: '表情' }).click();
    await b.getByRole('menu', { name: '选择表情' }).getByRole('menuitem', { name: '点赞' }).click();
    const bubble = w.getByTestId('battle-seat').nth(1).getByRole('img', { name: '挑战者：点赞' });
    await bubble.waitFor({ timeout: 5_000 });
    expect(await bubble.textContent()).toBe('👍');
    await screenshot(w, 'battles-emoticon');
    await bubble.waitFor({ state: 'detached', timeout: 5_000 });

    // A visitor in the hall: its results sidebar has to show the battle once it has ended.
    const h = await newVisitor(browser);
    await recordErrorToasts(h);
    await h.goto(`${baseUrl()}/vipBattle`);
    const results = h.getByRole('complementary', { name: '对战战况' });
    await results.getByRole('tab', { name: '实时战况', selected: true }).waitFor();
    const resultRow = results.getByTestId('battle-results-row').filter({ hasText: `房间 #${roomId}` });
    expect(await resultRow.count()).toBe(0);

    // A late visitor whose item pictures hang: the overlay covers the room, then lets the reels go
    // while the pictures are still held, rather than wait for them (how long it holds, LOADING_MAX_MS,
    // is the component test's, on fake timers: a wall clock on a loaded machine proves nothing).
    const late = await newVisitor(browser);
    let releasePictures = () => {};
    const picturesHeld = new Promise<void>((resolve) => {
      releasePictures = resolve;
    });
    await late.route(/\/img\/items\/|cdn\.cstrike\.app/, async (route) => {
      await picturesHeld;
      await route.abort().catch(() => undefined);
    });

    // A fills the last seat with a robot: the battle starts. A fast battle's reels turn for about
    // 6.5 s, so the watcher is checked while the late visitor's overlay runs, not after it.
    await a.getByTestId('battle-seat').nth(2).getByRole('button', { name: '添加机器人' }).click();
    const overlayShown = (async () => {
      try {
        await late.goto(`${baseUrl()}/battle/details?roomID=${roomId}`, { waitUntil: 'commit' });
        const overlay = late.getByTestId('battle-loading');
        await overlay.getByText('加载中…').waitFor({ timeout: 15_000 });
        await late.getByTestId('battle-seat').first().waitFor();
        await screenshot(late, 'battles-loading');
        // The pictures are released only after this: the overlay has to let go without them.
        await overlay.waitFor({ state: 'detached', timeout: 30_000 });
        return await late.getByTestId('battle-seat').count();
      } finally {
        releasePictures();
      }
    })();
    overlayShown.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    for (const page of [a, b, w]) await page.getByTestId('battle-seat').nth(2).getByText('机器人').first().waitFor();
    await w.getByTestId('battle-reel').first().waitFor({ timeout: 15_000 });
    await screenshot(w, 'battles-running');
    expect(await w.getByTestId('battle-round').textContent()).toMatch(/^第 [12] \/ 2 轮$/);

    // The last round's reels stop on the server's rolls, before the completion screen.
    await w.getByText('第 2 / 2 轮').waitFor({ timeout: 15_000 });
    await expect.poll(() => w.locator('[data-testid="battle-reel"].is-landed').count(), { timeout: 5_000 }).toBe(3);
    const lastRound = (await roomOf(roomId)).rolls[1] ?? [];
    const wanted = [0, 1, 2].map((seat) => String(lastRound.find((r) => r.seat === seat)?.item_id));
    const landed = await landedReels(w);
    expect(landed.map((l) => l.under)).toEqual(wanted);
    expect(landed.map((l) => l.won)).toEqual(wanted);
    // The pictures never came, yet the overlay let go, onto the room.
    expect(await overlayShown).toBe(3);

    // Everyone reaches the completion screen, showing the same result as the server.
    for (const page of [a, b, w]) await page.getByTestId('battle-result').waitFor({ timeout: 30_000 });
    const room = await roomOf(roomId);
    expect(room.room_state).toBe(3);
    expect(room.rolls).toHaveLength(2);
    const expected = [0, 1, 2].map((seat) => room.rolls.map((round) => String(round[seat]?.item_id)));
    for (const page of [a, b, w]) {
      expect(await shownItems(page)).toEqual(expected);
      expect(await page.getByTestId('battle-server-seed').textContent()).toBe(room.server_seed);
      for (const seat of room.winners) {
        expect(await page.getByTestId('battle-seat').nth(seat).getAttribute('class')).toContain('is-winner');
      }
    }
    await screenshot(w, 'battles-result', true);
    for (const page of [a, b, w]) expect(await errorToasts(page)).toEqual([]);

    // The result's 公平验证 link: the browser recomputes every roll of this battle, all ✓.
    await w
      .getByTestId('battle-result')
      .getByRole('link', { name: /公平验证/ })
      .click();
    await w.waitForURL(new RegExp(`/fairness\\?battle=${roomId}$`));
    const verified = w.getByTestId('battle-verify');
    await verified.waitFor({ timeout: 15_000 });
    expect(await verified.getByRole('heading').first().textContent()).toBe('全部一致：每一轮的结果都由公开的种子算出');
    // The seed hash and one mark per seat and round (and the tie's draw, if there was one): none off.
    expect(await verified.getByRole('img', { name: '通过' }).count()).toBeGreaterThanOrEqual(1 + 3 * 2);
    expect(await verified.getByRole('img', { name: '不一致' }).count()).toBe(0);
    await screenshot(w, 'battles-verified');

    // The hall heard it had ended: the latest results lead with it, the winner and its value.
    await resultRow.waitFor({ timeout: 15_000 });
    expect(await results.getByTestId('battle-results-row').first().textContent()).toContain(`房间 #${roomId}`);
    const winnerNames = room.winners.map((seat) => room.members[seat]?.nick_name ?? '');
    for (const name of winnerNames) expect(await resultRow.textContent()).toContain(name);
    await screenshot(h, 'battles-hall-results');
    // The day's report lists battles won by players only.
    await results.getByRole('tab', { name: '今日战报' }).click();
    await results.getByRole('tabpanel').locator('.battle-results__list, .battle-results__note').first().waitFor();
    const playerWon = room.winners.some((seat) => room.members[seat]?.robot === false);
    expect(await resultRow.count()).toBe(playerWon ? 1 : 0);
    await results.getByRole('tab', { name: '实时战况' }).click();
    await resultRow.click();
    await h.waitForURL(new RegExp(`/battle/details\\?roomID=${roomId}$`));
    await h.getByTestId('battle-result').waitFor();
    expect(await h.getByTestId('battle-loading').count()).toBe(0);
    expect(await errorToasts(h)).toEqual([]);

    // A's own record lists it, and its row replays the result.
    await a.goto(`${baseUrl()}/battle/history`);
    const row = a.getByTestId('battle-record').filter({ hasText: `房间 #${roomId}` });
    await row.waitFor();
    await screenshot(a, 'battles-history');
    await row.getByRole('link', { name: '回放' }).click();
    await a.getByTestId('battle-result').waitFor();
    for (const page of [a, b, w, h, late]) await page.context().close();
  }, 180_000);
});
