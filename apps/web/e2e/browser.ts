import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's chromium package; Playwright never downloads a browser here (ARCHITECTURE.md §Tests). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

export function baseUrl(): string {
  return (process.env.E2E_BASE_URL || inject('E2E_BASE_URL')).replace(/\/$/, '');
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A fresh visitor: new context (no cookies, no stored language), desktop size. */
export async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1520, height: 1000 }, locale: 'zh-CN' });
  return context.newPage();
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage });
}

export const siteHeader = (page: Page): Locator => page.locator('.site-header');

/** Signs in through the login dialog with phone and password, as a person does. */
export async function logInWithPassword(page: Page, who: { mobile: string; password: string }): Promise<void> {
  await siteHeader(page).getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await dialog.getByLabel('手机号').fill(who.mobile);
  await dialog.getByLabel('密码', { exact: true }).fill(who.password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await siteHeader(page).getByTestId('header-balance').waitFor();
}

/** The header's coin balance as a number of yuan. */
export async function headerBalance(page: Page): Promise<number> {
  return Number(await siteHeader(page).getByTestId('header-balance').textContent());
}

/**
 * A first recharge up to the QR's button, as a person does it: 充值 in the header, the first-recharge
 * notice dismissed, the 18+ box ticked, the ¥100 tier picked. Answers the recharge dialog.
 */
export async function openFirstRecharge(page: Page): Promise<Locator> {
  await siteHeader(page).getByRole('button', { name: '充值' }).click();
  const dialog = page.getByRole('dialog', { name: '充值' });
  await page.getByRole('dialog', { name: '首充福利' }).getByRole('button', { name: '我知道了' }).click();
  await dialog.getByRole('checkbox', { name: '已满18周岁并同意协议' }).check();
  await dialog.getByRole('radio', { name: /¥100\.00/ }).click();
  return dialog;
}

/** Pays an order in the sandbox cashier the QR points at, in a tab of its own. */
export async function payInSandboxCashier(page: Page, cashierUrl: string): Promise<void> {
  const cashier = await page.context().newPage();
  await cashier.goto(cashierUrl);
  await cashier.getByRole('button', { name: '支付', exact: true }).click();
  await cashier.getByText('已支付').waitFor();
  await cashier.close();
}
