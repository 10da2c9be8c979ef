// Temporary: the energy box screens on a fresh npm start (not committed).
import { randomUUID } from 'node:crypto';
import { api, creditCoins, registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, newVisitor } from './browser.ts';

const out = '/work/shots/energy/';
const browser = await launch();
const p = await registerPlayer('能量玩家');
await creditCoins(p.userId, 8_000_000);
type Box = { box_id: number; price: number };
const list = (await api<{ categories: { boxes: Box[] }[] }>('GET', '/goods/v1/box/get-box-list')).data;
const boxes = list.categories.flatMap((c) => c.boxes).filter((b) => b.price <= 1_000_000).sort((a, b) => b.price - a.price);
const box = boxes[0];
if (!box) throw new Error('no box');
let spent = 0;
while (spent < 3_000_000) {
  const r = await api('POST', '/goods/v1/box/open-box', { box_id: box.box_id, count: 10, request_id: randomUUID() }, p.token);
  if (r.code !== 200) { console.log('open', r.code, r.msg); break; }
  spent += box.price * 10;
}
console.log('spent', spent, 'box', box.price);
const page = await newVisitor(browser);
await page.setViewportSize({ width: 1480, height: 1000 });
await page.goto(`${baseUrl()}/`);
await logInWithPassword(page, p);
const setLang = (l: string) =>
  page.evaluate((l) => localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: l, timestamp: Date.now() })), l);
await setLang('zh-CN');
await page.goto(`${baseUrl()}/activity/energyBox`);
await page.waitForTimeout(1500);
await page.getByRole('button', { name: '开启能量箱' }).first().click();
await page.waitForTimeout(1200);
await page.screenshot({ path: `${out}zh-CN-result.png` });
await page.getByRole('button', { name: '收下' }).click();
for (const lang of ['zh-CN', 'zh-TW', 'en-US']) {
  await setLang(lang);
  await page.goto(`${baseUrl()}/activity/energyBox`);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1200);
  await page.locator('.energy-level__toggle').nth(1).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}${lang}-page.png`, fullPage: true });
}
await setLang('zh-CN');
await page.goto(`${baseUrl()}/vipActivity`);
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}zh-CN-activity.png`, fullPage: true });
await page.goto(`${baseUrl()}/activity/energyBox`);
await page.waitForTimeout(1200);
await page.getByRole('button', { name: '开启能量箱' }).first().click();
await page.waitForTimeout(1200);
await page.screenshot({ path: `${out}zh-CN-result2.png` });
await browser.close();
