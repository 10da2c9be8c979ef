// Temporary: screens of a fresh npm start (not committed).
import { api, creditCoins, registerPlayer } from './api.ts';
import { baseUrl, launch, logInWithPassword, newVisitor } from './browser.ts';

const out = '/work/shots/';
async function dev(tool: string, body: unknown) {
  const r = await fetch(`${baseUrl()}/dev/test/${tool}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${tool} ${r.status} ${await r.text()}`);
}
const browser = await launch();
const p = await registerPlayer('看屏幕的玩家');
await creditCoins(p.userId, 5_000_000);
await dev('bag', { user_id: p.userId, count: 3 });
const page = await newVisitor(browser);
await page.goto(`${baseUrl()}/`);
await logInWithPassword(page, p);
for (const lang of ['zh-CN', 'zh-TW', 'en-US']) {
  await page.evaluate((l) => localStorage.setItem('kx_lang', JSON.stringify({ datatype: 'string', content: l, timestamp: Date.now() })), lang);
  for (const [name, path] of [['home', '/'], ['newyear', '/newYearActivity'], ['bagrec', '/userinfo/bag'], ['rprec', '/userinfo/redPacket']] as const) {
    await page.goto(`${baseUrl()}${path}`);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}${lang}-${name}.png` });
  }
}
const info = await api<unknown>('GET', '/promotion/v1/red-packet-rain/info');
console.log(JSON.stringify(info).slice(0, 600));
await browser.close();
