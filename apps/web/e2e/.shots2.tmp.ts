// Temporary: the corner dock and the default rain of a fresh npm start (not committed).
import type { Page } from 'playwright-core';
import { api, type Player, registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, newVisitor } from './browser.ts';

const out = '/work/shots/';
async function dev(tool: string, body: unknown) {
  const r = await fetch(`${baseUrl()}/dev/test/${tool}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${tool} ${r.status} ${await r.text()}`);
}
const browser = await launch();
async function player(name: string, lang: string): Promise<Page> {
  const p: Player = await registerPlayer(name);
  await dev('bag', { user_id: p.userId, count: 2 });
  const page = await newVisitor(browser);
  await page.setViewportSize({ width: 1480, height: 900 });
  await page.goto(`${baseUrl()}/`);
  await logInWithPassword(page, p);
  await page.evaluate((l) => localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: l, timestamp: Date.now() })), lang);
  await page.goto(`${baseUrl()}/`);
  return page;
}
const pages: [string, Page][] = [];
for (const lang of ['zh-CN', 'zh-TW', 'en-US']) pages.push([lang, await player(`雨${lang}`, lang)]);
await new Promise((r) => setTimeout(r, 3000));
for (const [lang, page] of pages) await page.screenshot({ path: `${out}dock-${lang}.png`, clip: { x: 1080, y: 500, width: 400, height: 400 } });
// Wait for the default rain to run (every 5 minutes, a minute long).
for (;;) {
  const info = (await api<{ status: number; round: { state?: string; start_time: number } | null }>('GET', '/promotion/v1/red-packet-rain/info')).data;
  if (info.status === 2 && info.round && info.round.start_time <= Date.now()) break;
  await new Promise((r) => setTimeout(r, 2000));
}
for (const [lang, page] of pages) {
  const b = page.locator('button.rain-badge');
  await b.waitFor({ timeout: 60_000 });
  await page.screenshot({ path: `${out}dock-running-${lang}.png`, clip: { x: 1080, y: 500, width: 400, height: 400 } });
  await b.click();
  await new Promise((r) => setTimeout(r, 1500));
  await page.screenshot({ path: `${out}rain-${lang}.png` });
  const at = await page.evaluate(() => {
    for (const el of document.querySelectorAll('.rain-packet')) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y)?.closest('.rain-packet');
      if (y > 80 && y < window.innerHeight - 120 && hit === el) return { x, y };
    }
    return null;
  });
  if (at) await page.mouse.click(at.x, at.y);
  await new Promise((r) => setTimeout(r, 4000));
  await page.screenshot({ path: `${out}rain-won-${lang}.png` });
}
await browser.close();
