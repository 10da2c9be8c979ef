import { formatUnits } from '@kaixiang/shared/money';
import {
  RAIN_ADMIN_PATHS,
  RAIN_PATHS,
  type RainInfo,
  type RainRoundDetail,
  type RainSchedule,
} from '@kaixiang/shared/rain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Envelope, makeStaff, registerPlayer } from './api.ts';
import { baseUrl, headerBalance, launch, logInWithPassword, newVisitor, screenshot } from './browser.ts';

/**
 * A red-packet rain in two browsers (issue 21 "Done means"): an operator schedules a rain through
 * the admin API; both players see the countdown on the page they are on, the badge turns into
 * the rain when it starts, each grabs a packet and sees the red envelope open on the amount, the
 * header balance moves by it, and the record page lists it. Then the round's grabs are the ones
 * the screens showed, in order.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const badge = (page: Page) => page.locator('.rain-badge');
/**
 * Clicks a falling packet where it is on the screen now, as a person does: the packets move, so
 * one well inside the window is picked and clicked at its centre (whatever is drawn there takes it).
 */
async function clickFallingPacket(page: Page): Promise<void> {
  const at = await page.evaluate(() => {
    for (const el of document.querySelectorAll('.rain-packet')) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y)?.closest('.rain-packet');
      if (y > 80 && y < window.innerHeight - 120 && hit === el) return { x, y };
    }
    return null;
  });
  if (!at) throw new Error('no packet on the screen');
  await page.mouse.click(at.x, at.y);
}
const yuan = (text: string | null) => Number(/¥([\d.]+)/.exec(text ?? '')?.[1]);

describe('the red-packet rain in the browser', () => {
  it('two players see the countdown, grab one packet each and see what they won', { timeout: 240_000 }, async () => {
    const admin = await registerPlayer('红包雨运营');
    await makeStaff(admin);
    const adminCall = <T>(path: string, body?: unknown) => api<T>(body ? 'POST' : 'GET', path, body, admin.token);
    // Only this test's rain: the default schedule (every 5 minutes) off meanwhile.
    const schedules = (await adminCall<{ list: RainSchedule[] }>(RAIN_ADMIN_PATHS.schedules)).data.list;
    for (const s of schedules)
      if (s.enabled) await adminCall(RAIN_ADMIN_PATHS.enableSchedule, { id: s.id, enabled: false });
    let made: Envelope<RainSchedule> | undefined;
    try {
      const [alice, bob] = await Promise.all([registerPlayer('雨中小李'), registerPlayer('雨中老赵')]);
      const a = await newVisitor(browser);
      const b = await newVisitor(browser);
      for (const [page, who] of [
        [a, alice],
        [b, bob],
      ] as const) {
        // The narrowest desktop the site is laid out for: the badge must sit in the margin.
        await page.setViewportSize({ width: 1480, height: 900 });
        await page.goto(`${baseUrl()}/`);
        await logInWithPassword(page, who);
      }

      // The rain is scheduled once both are in (signing in can take seconds on a loaded machine).
      // A round of the default schedule already made keeps its window: one still to come is
      // cancelled, one running is let finish before ours starts.
      let busyUntil = 0;
      for (;;) {
        const now = (await api<RainInfo>('GET', RAIN_PATHS.info)).data;
        if (now.status === 1 && now.round) {
          await adminCall(RAIN_ADMIN_PATHS.cancelRound, { round_id: now.round.round_id, reason: '浏览器测试' });
          continue;
        }
        busyUntil = now.status === 2 ? (now.round?.end_time ?? 0) : 0;
        break;
      }
      const start = Math.max(Date.now() + 15_000, busyUntil + 8_000);
      made = await adminCall<RainSchedule>(RAIN_ADMIN_PATHS.saveSchedule, {
        title: '浏览器测试红包雨',
        timing: { kind: 'once', start_at: start, end_at: start + 40_000 },
        pool: 100_000,
        count: 5,
        min_packet: 1_000,
        conditions: { min_vip_level: 0, recharge_days: 0 },
      });
      expect(made.code).toBe(200);

      // The countdown to the start, on the page each is on (the leader makes the round within seconds).
      await expect
        .poll(async () => (await badge(a).getAttribute('aria-label')) ?? '', {
          timeout: Math.max(5_000, start - Date.now()),
        })
        .toMatch(/^红包雨 00:\d\d 后开始$/);
      await screenshot(a, 'rain-countdown-zh-CN');
      // The countdown follows the schedule; the round itself is made by the leader a little later.
      let roundId = 0;
      await expect
        .poll(
          async () => {
            roundId = (await api<RainInfo>('GET', RAIN_PATHS.info)).data.round?.round_id ?? 0;
            return roundId;
          },
          { timeout: Math.max(10_000, start - Date.now()) },
        )
        .toBeGreaterThan(0);

      // It starts: the badge becomes the way into the rain.
      const grabs: { page: Page; amount: number; index: number }[] = [];
      for (const page of [a, b]) {
        const running = page.getByRole('button', { name: '抢红包' }).and(badge(page));
        await running.waitFor({ timeout: 40_000 });
        const before = await headerBalance(page);
        await running.click();
        const rain = page.getByRole('dialog', { name: '红包雨来了！' });
        await rain.waitFor();
        if (page === a) await screenshot(a, 'rain-falling-zh-CN');
        await clickFallingPacket(page);
        const result = rain.getByTestId('rain-result');
        // The envelope plays its 47 frames, then shows the amount.
        await expect.poll(() => result.locator('svg').getAttribute('data-frame'), { timeout: 10_000 }).toBe('46');
        const label = await result.getByRole('img').getAttribute('aria-label');
        const amount = yuan(label);
        const index = Number(/第 (\d+) 个红包/.exec((await result.textContent()) ?? '')?.[1]) - 1;
        if (page === a) await screenshot(a, 'rain-won-zh-CN');
        expect(amount).toBeGreaterThanOrEqual(0.1);
        await expect.poll(() => headerBalance(page)).toBeCloseTo(before + amount, 2);
        grabs.push({ page, amount, index });
        await rain.getByRole('button', { name: '关闭', exact: true }).click();
        await rain.waitFor({ state: 'detached' });
      }
      expect(grabs.map((g) => g.index)).toEqual([0, 1]);

      // The record page lists the packet.
      await b.goto(`${baseUrl()}/userinfo/redPacket`);
      await b.getByRole('heading', { name: '红包记录' }).waitFor();
      await expect.poll(() => b.locator('.rain-records__table tbody tr').count()).toBe(1);
      expect(await b.locator('.rain-records__table tbody').textContent()).toContain(`#${roundId}`);
      await screenshot(b, 'rain-records-zh-CN');
      // The same countdown and rain in English.
      await b.getByRole('button', { name: '切换语言' }).click();
      await b.getByRole('menuitemradio', { name: 'English' }).click();
      await b.getByRole('heading', { name: 'Red packets' }).waitFor();
      await badge(b).getByText('Grab!').waitFor();
      await badge(b).click();
      await b
        .getByRole('dialog', { name: "It's raining red packets!" })
        .getByText('You already grabbed a packet in this rain')
        .waitFor();
      await screenshot(b, 'rain-won-en-US');
      await b.getByRole('button', { name: 'Close', exact: true }).click();

      // After the round: what the screens showed is what the round recorded, in grab order.
      const detail = async () => (await api<RainRoundDetail>('GET', `${RAIN_PATHS.round}?round_id=${roundId}`)).data;
      await expect.poll(async () => (await detail()).state, { timeout: 90_000, interval: 1_000 }).toBe('ended');
      const round = await detail();
      // The screens show amounts floored to the cent, as every price (spec 1 §9).
      expect(round.grabs?.map((g) => [g.index, g.user_id, Number(formatUnits(g.amount))])).toEqual([
        [0, alice.userId, grabs[0]?.amount],
        [1, bob.userId, grabs[1]?.amount],
      ]);
    } finally {
      for (const s of schedules)
        if (s.enabled) await adminCall(RAIN_ADMIN_PATHS.enableSchedule, { id: s.id, enabled: true });
      if (made) await adminCall(RAIN_ADMIN_PATHS.enableSchedule, { id: made.data.id, enabled: false });
    }
  });
});
