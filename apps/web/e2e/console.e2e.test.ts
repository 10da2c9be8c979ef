import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  creditCoins,
  inventory,
  itemFromBox,
  makeRole,
  registerPlayer,
  sandboxTradeBot,
  sandboxTradeBotPost,
} from './api.ts';
import { baseUrl, launch, logInWithPassword, screenshot } from './browser.ts';

/**
 * The console's first visit as a new admin lives it (issue 23): signed in on the site, /admin
 * asks for an authenticator; the code from the secret it shows enrols it, the recovery codes are
 * shown once and must be acknowledged, then the console opens on what the role may see, and the
 * audit log lists the enrolment. Signing out of the console asks for a code again: a used code is
 * refused, a recovery code opens it. Then the day's work: a balance adjusted and a player banned,
 * a box's odds changed, a failed retrieval sent again and the new offer withdrawn, each in the log.
 */

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the operator console in the browser', () => {
  it('enrols an authenticator, keeps the recovery codes, opens the audit log, signs in again with a recovery code', {
    timeout: 180_000,
  }, async () => {
    const admin = await registerPlayer('后台小李');
    const victim = await registerPlayer('被管理的玩家');
    await makeRole(admin.userId, 'admin');
    const context = await browser.newContext({ viewport: { width: 1480, height: 1000 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, admin);
    await page.goto(`${baseUrl()}/admin`);

    // Enrolment: the QR code and the key in groups; the code an authenticator would show.
    await page.getByRole('heading', { name: '绑定身份验证器' }).waitFor();
    const grouped = await page.locator('.adm-secret').textContent();
    const secret = (grouped ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'console-enrol');
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
    await page.getByLabel('6 位验证码').fill(code);
    await page.getByRole('button', { name: '验证并绑定' }).click();

    // The recovery codes, once; entering needs the acknowledgement.
    const codes = page.getByRole('list', { name: '恢复码' });
    await codes.waitFor();
    const recovery = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    const enter = page.getByRole('button', { name: '进入运营后台' });
    expect(await enter.isDisabled()).toBe(true);
    await screenshot(page, 'console-recovery-codes');
    await page.getByRole('checkbox', { name: '我已将恢复码保存在安全的地方' }).check();
    await enter.click();

    // The console: the audit log lists the enrolment, by this admin.
    await page.getByRole('navigation', { name: '后台栏目' }).getByRole('link', { name: '操作日志' }).click();
    const row = page.getByRole('row').filter({ hasText: 'console.totp_enable' });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('后台小李');
    await screenshot(page, 'console-audit-log');

    // Out of the console (the site stays signed in): the used code is refused, a recovery code lets in.
    await page.getByRole('button', { name: '退出后台' }).click();
    await page.getByRole('heading', { name: '输入验证码' }).waitFor();
    await page.getByLabel('6 位验证码').fill(code);
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await page.getByText('验证码错误或已过期').waitFor();
    await page.getByRole('button', { name: '改用恢复码' }).click();
    await page.getByLabel('恢复码').fill(recovery[0] ?? '');
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await page.getByRole('navigation', { name: '后台栏目' }).waitFor();

    // Players: found by id; a balance adjusted with a reason (a ledger transfer), then banned.
    await creditCoins(victim.userId, 100_000); // ¥10
    await page.getByRole('navigation', { name: '后台栏目' }).getByRole('link', { name: '玩家' }).click();
    await page.getByLabel('搜索玩家').fill(String(victim.userId));
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page
      .getByRole('cell', { name: String(victim.userId), exact: true })
      .first()
      .click();
    await page.getByRole('button', { name: '调整余额' }).click();
    const adjust = page.getByRole('dialog', { name: '调整余额' });
    await adjust.getByLabel('金额（元，负数为扣减）').fill('-2.5');
    await adjust.getByLabel('原因（必填，记入操作日志）').fill('误发回收');
    await adjust.getByRole('button', { name: '确认调整' }).click();
    await adjust.getByText('¥10.00 → ¥7.50').waitFor();
    await screenshot(page, 'console-player-adjusted');
    await adjust.getByRole('button', { name: '关闭' }).last().click();
    await page.getByRole('button', { name: '封禁', exact: true }).click();
    const ban = page.getByRole('dialog', { name: '封禁玩家' });
    await ban.getByLabel('原因（必填，记入操作日志）').fill('盗号风险');
    await ban.getByRole('button', { name: '确认封禁' }).click();
    await page.getByRole('button', { name: '解封', exact: true }).waitFor();
    // The victim's own session is over: the site answers them 401.
    const me = await api('GET', '/usercenter/v1/user/detail', undefined, victim.token);
    expect(me.code).toBe(401);

    // A box's odds: 1,000 tickets moved from its likeliest entry to its rarest; the RTP follows
    // live, the save makes a new version with a new odds hash.
    await page.getByRole('navigation', { name: '后台栏目' }).getByRole('link', { name: '箱子与饰品' }).click();
    // The starter box's row: a row of the players' table, still on screen while the boxes load, is not it.
    await page.getByRole('row').filter({ hasText: '新手箱' }).first().click();
    const editor = page.getByRole('region', { name: '赔率编辑' });
    const tickets = editor.getByLabel(/的票数$/);
    await tickets.first().waitFor();
    const counts = await tickets.evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value)));
    const most = counts.indexOf(Math.max(...counts));
    const least = counts.indexOf(Math.min(...counts));
    const rtpBefore = await editor.getByTestId('box-rtp').textContent();
    await tickets.nth(most).fill(String((counts[most] ?? 0) - 1000));
    await tickets.nth(least).fill(String((counts[least] ?? 0) + 1000));
    await expect.poll(() => editor.getByTestId('box-rtp').textContent()).not.toBe(rtpBefore);
    const save = editor.getByRole('button', { name: '保存为新版本' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await screenshot(page, 'console-box-odds');
    await save.click();
    const saveDialog = page.getByRole('dialog', { name: '保存新版本' });
    await saveDialog.getByRole('textbox').fill('稀有款加权');
    await saveDialog.getByRole('button', { name: '确认保存' }).click();
    await page.getByText(/已保存版本 \d+，赔率哈希/).waitFor();

    // Retrievals: a player's offer failed at the bot; the console sends it again, then withdraws
    // the new offer, and the item is back in the player's inventory.
    const receiver = await registerPlayer('取回的玩家');
    expect((await api('POST', '/usercenter/v1/user/set-steam-link', { steam_link: LINK }, receiver.token)).code).toBe(
      200,
    );
    const before = (await sandboxTradeBot()).mode;
    try {
      await sandboxTradeBotPost('mode', { mode: 'manual' });
      const item = await itemFromBox(receiver);
      const sent = await api('POST', '/goods/v1/item/retrieve', { ids: [item.id] }, receiver.token);
      expect(sent.code, sent.msg).toBe(200);
      const offer = (await sandboxTradeBot()).offers.find((o) => o.user_id === receiver.userId);
      if (!offer) throw new Error('no offer for the retrieval');
      await sandboxTradeBotPost(`offers/${offer.id}/fail`, { failure: 'bot_fault' });

      await page.getByRole('navigation', { name: '后台栏目' }).getByRole('link', { name: '取回' }).click();
      await page.getByLabel('玩家 ID').fill(String(receiver.userId));
      await page.getByRole('button', { name: '筛选', exact: true }).click();
      const failed = page.getByRole('row').filter({ hasText: '机器人故障' });
      await failed.getByRole('button', { name: '重试' }).click();
      const retry = page.getByRole('dialog', { name: `重试取回 #${offer.id}` });
      await retry.getByLabel('原因（必填，记入操作日志）').fill('机器人已恢复');
      await retry.getByRole('button', { name: '确认重试' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /已发出新报价 #\d+（1 件饰品）/ })
        .waitFor();
      const pending = page.getByRole('row').filter({ hasText: '等待接受' });
      await pending.getByRole('button', { name: '取消报价' }).waitFor();
      await screenshot(page, 'console-retrievals');
      await pending.getByRole('button', { name: '取消报价' }).click();
      const cancel = page.getByRole('dialog', { name: /^取消报价 #\d+$/ });
      await cancel.getByLabel('原因（必填，记入操作日志）').fill('玩家更换交易链接');
      await cancel.getByRole('button', { name: '确认取消' }).click();
      await page.getByRole('status').filter({ hasText: '报价已撤回，1 件饰品已回到玩家背包。' }).waitFor();
      const held = (await inventory(receiver)).find((i) => i.id === item.id);
      expect(held?.status).toBe(0);
    } finally {
      await sandboxTradeBotPost('mode', { mode: before.mode, delay_ms: before.delayMs });
    }

    // Content: a notice written in three languages and published reaches the site's notice bar
    // (each language its own), then unpublished leaves it.
    const notice = `维护通知 ${Date.now()}`;
    const messages = async (lang: string) =>
      (
        await api<{ messages: { content: string }[] }>(
          'GET',
          '/site/v1/get-message',
          undefined,
          undefined,
          undefined,
          lang,
        )
      ).data.messages;
    await page.getByRole('navigation', { name: '后台栏目' }).getByRole('link', { name: '内容' }).click();
    await page.getByRole('button', { name: '新建公告' }).click();
    const write = page.getByRole('dialog', { name: '新建公告' });
    await write.getByLabel('内容 · 简体中文').fill(notice);
    await write.getByLabel('内容 · 繁體中文').fill(`維護通知 ${notice}`);
    await write.getByLabel('内容 · English').fill(`Maintenance ${notice}`);
    await write.getByRole('button', { name: '保存' }).click();
    const noticeRow = page.getByRole('row').filter({ hasText: notice });
    await noticeRow.waitFor();
    if ((await noticeRow.getByText('未发布').count()) > 0)
      await noticeRow.getByRole('button', { name: '发布' }).click();
    await noticeRow.getByText('已发布').waitFor();
    await screenshot(page, 'console-content');
    await expect.poll(async () => (await messages('zh-CN')).some((m) => m.content === notice)).toBe(true);
    expect((await messages('en-US')).some((m) => m.content === `Maintenance ${notice}`)).toBe(true);
    await noticeRow.getByRole('button', { name: '取消发布' }).click();
    await noticeRow.getByText('未发布').waitFor();
    await expect.poll(async () => (await messages('zh-CN')).some((m) => m.content === notice)).toBe(false);

    // Each is in the audit log, with its reason.
    await page.getByRole('navigation', { name: '后台栏目' }).getByRole('link', { name: '操作日志' }).click();
    await page.getByRole('row').filter({ hasText: 'player.ban' }).filter({ hasText: '盗号风险' }).first().waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'player.balance_adjust' })
      .filter({ hasText: '误发回收' })
      .first()
      .waitFor();
    for (const [action, reason] of [
      ['retrieval.retry', '机器人已恢复'],
      ['retrieval.cancel', '玩家更换交易链接'],
    ]) {
      await page.getByRole('row').filter({ hasText: action }).filter({ hasText: reason }).first().waitFor();
    }
    for (const action of ['content.notice.create', 'content.notice.unpublish']) {
      await page.getByRole('row').filter({ hasText: action }).first().waitFor();
    }
    await screenshot(page, 'console-audit-after-actions');
    await context.close();
  });

  it('tells a player the console is for staff, and lets them back to the site', async () => {
    const player = await registerPlayer('普通玩家');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/`);
    await logInWithPassword(page, player);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByText('运营后台只对运营人员开放', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: '返回首页' }).count()).toBe(1);
    await context.close();
  });
});
