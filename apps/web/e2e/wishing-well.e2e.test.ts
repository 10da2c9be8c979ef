import type { WishingWellListResponse, WishResponse } from '@kaixiang/shared/wishing-well';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, screenshot } from './browser.ts';

/**
 * The wishing well (许愿池) in a browser at 1,480 px in the three languages: the entries with their
 * chance and RTP, the confirm dialog, a wish's result, the history, and /fairness verifying a wish
 * after the seed pair is rotated.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function visitor(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, locale: 'zh-CN' });
  return context.newPage();
}

/** Signed in (the login dialog speaks zh-CN), then the site in `lang`. */
async function signedIn(player: { mobile: string; password: string }, lang: string): Promise<Page> {
  const page = await visitor();
  await page.goto(`${baseUrl()}/`);
  await logInWithPassword(page, player);
  await page.evaluate((l) => {
    localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: l, timestamp: Date.now() }));
  }, lang);
  return page;
}

const credit = (userId: number, amount: number, currency: 'coin' | 'point') =>
  fetch(`${baseUrl()}/dev/test/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, amount, currency }),
  });

describe('the wishing well in the browser', () => {
  for (const lang of ['zh-CN', 'zh-TW', 'en-US']) {
    it(`wishes, shows the result and the history, and /fairness verifies it (${lang})`, {
      timeout: 180_000,
    }, async () => {
      const player = await registerPlayer('许愿玩家');
      await credit(player.userId, 5_000, 'point');
      await credit(player.userId, 2_000_000, 'coin');
      const list = await api<WishingWellListResponse>(
        'GET',
        '/promotion/v1/wishing-well/list',
        undefined,
        player.token,
      );
      const cheap = list.data.list.find((e) => e.currency === 'point');
      if (!cheap) throw new Error('no point entry');
      // A few wishes first, so the history holds hits and misses.
      for (let i = 0; i < 6; i++) {
        const r = await api<WishResponse>(
          'POST',
          '/promotion/v1/wishing-well/wish',
          {
            entry_id: cheap.id,
            price: cheap.price,
            chance_ppm: cheap.chance_ppm,
            request_id: `e2e${lang}${i}${Date.now()}`,
          },
          player.token,
        );
        expect(r.code, r.msg).toBe(200);
      }
      const page = await signedIn(player, lang);
      await page.goto(`${baseUrl()}/activity/wishingWell`);
      await page.getByTestId('wish-entry').first().waitFor();
      await page.getByTestId('wish-entry').first().getByRole('button').click();
      await page.getByTestId('wish-confirm-odds').waitFor();
      await screenshot(page, `wishing-well-confirm-${lang}`);
      await page.locator('.wish-dialog .dialog__foot .button--primary').click();
      await page.getByTestId('wish-result').waitFor();
      await screenshot(page, `wishing-well-result-${lang}`);
      expect(await page.getByTestId('wish-result').count()).toBe(1);
      await page.getByTestId('wish-result').locator('.button--primary').click();
      await page.getByTestId('wish-result').waitFor({ state: 'detached' });
      // Full-page shots last: one taken before the dialogs left the next viewport shot without them.
      await screenshot(page, `wishing-well-${lang}`, true);
      await page.getByRole('tab').nth(1).click();
      await page.getByTestId('wish-record').first().waitFor();
      await screenshot(page, `wishing-well-records-${lang}`, true);
      await api('POST', '/goods/v1/fair/rotate-seed', {}, player.token);
      const wishId = (
        await api<{ list: { id: number }[] }>(
          'GET',
          '/promotion/v1/wishing-well/records?page=1&page_size=1',
          undefined,
          player.token,
        )
      ).data.list[0]?.id;
      await page.goto(`${baseUrl()}/fairness?wish=${wishId}`);
      await page.getByTestId('wish-verify').waitFor();
      await page.locator('.wish-verifier').screenshot({ path: `${SCREENSHOT_DIR}/wishing-well-verify-${lang}.png` });
      await page.getByTestId('recipe-wish').locator('summary').click();
      await page.getByTestId('recipe-wish').screenshot({ path: `${SCREENSHOT_DIR}/wishing-well-recipe-${lang}.png` });
      await page.context().close();
    });
  }
});

const SCREENSHOT_DIR = new URL('./screenshots', import.meta.url).pathname;
