import { randomInt } from 'node:crypto';
import { ADMIN_PATHS, type TotpEnableResponse, type TotpSetupResponse } from '@kaixiang/shared/admin';
import type { BoxListResponse, OpenBoxResponse } from '@kaixiang/shared/boxes';
import type { KnapsackResponse } from '@kaixiang/shared/inventory';
import { signRequest } from '@kaixiang/shared/signature';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

/**
 * Calls the site's API the way the web client does (signed), for the set-up a test does not need
 * to click through: the signing key is the one the server injects into the page it serves.
 */
let signKey: string | null = null;

async function key(): Promise<string> {
  if (signKey) return signKey;
  const html = await (await fetch(`${baseUrl()}/`)).text();
  const m = /window\.__KX__=(\{.*?\})<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no runtime config in the served page');
  signKey = (JSON.parse(m[1]) as { signKey: string }).signKey;
  return signKey;
}

export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
  from?: string,
  /** The language the answer is asked in (as the site's client sends it). */
  lang?: string,
): Promise<Envelope<T>> {
  const text = method === 'POST' ? JSON.stringify(body ?? {}) : '';
  const pathWithQuery = `/api${path}`;
  const headers: Record<string, string> = {
    ...(await signRequest(await key(), { method, pathWithQuery, body: text }, Date.now())),
    ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    // The test server trusts its loopback as a proxy (global-setup.ts): the client's address.
    ...(from ? { 'x-forwarded-for': from } : {}),
    ...(lang ? { 'x-lang': lang } : {}),
  };
  const res = await fetch(`${baseUrl()}${pathWithQuery}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: text } : {}),
  });
  return (await res.json()) as Envelope<T>;
}

interface Outbox {
  messages: { channel: string; target: string; code: string | null }[];
  captchas: { captcha_id: string; answer: string }[];
}

async function outbox(): Promise<Outbox> {
  return (await (await fetch(`${baseUrl()}/dev/outbox.json`)).json()) as Outbox;
}

export interface Player {
  mobile: string;
  password: string;
  userId: number;
  token: string;
}

/**
 * Registers a player by phone through the API, with the captcha and code from the dev outbox.
 * Each player comes from an address of their own, as real players do: one address may ask for 30
 * codes a day, and the browser run registers more players than that.
 */
export async function registerPlayer(nickName: string): Promise<Player> {
  const mobile = `139${String(randomInt(100_000_000)).padStart(8, '0')}`;
  const password = 'play1234';
  const from = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  const cap = await api<{ captcha_id: string }>('POST', '/sms/v1/captcha', {}, undefined, from);
  const answer = (await outbox()).captchas.find((c) => c.captcha_id === cap.data.captcha_id)?.answer;
  const sent = await api(
    'POST',
    '/sms/v1/code',
    {
      mobile,
      code_type: 1,
      captcha: answer,
      captcha_id: cap.data.captcha_id,
    },
    undefined,
    from,
  );
  if (sent.code !== 200) throw new Error(`sms code: ${JSON.stringify(sent)}`);
  const code = (await outbox()).messages.find((m) => m.target === mobile)?.code;
  const reg = await api<{ user_id: number; access_token: string }>(
    'POST',
    '/usercenter/v1/user/register',
    {
      mobile,
      password: await hashPasswordForTransport(password),
      verify_code: code,
      nick_name: nickName,
      invite_code: '',
    },
    undefined,
    from,
  );
  if (reg.code !== 200) throw new Error(`register: ${JSON.stringify(reg)}`);
  return { mobile, password, userId: reg.data.user_id, token: reg.data.access_token };
}

/** One of the development tools under /dev/test (never in production). */
async function devTool(tool: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl()}/dev/test/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${tool}: ${res.status} ${await res.text()}`);
}

/** Credits coins through the development faucet (a real balanced ledger transfer). */
export function creditCoins(userId: number, units: number): Promise<void> {
  return devTool('credit', { user_id: userId, amount: units });
}

/** Credits points (the currency sign-in and tasks pay) through the same faucet. */
export function creditPoints(userId: number, points: number): Promise<void> {
  return devTool('credit', { user_id: userId, amount: points, currency: 'point' });
}

/** Makes a player an anchor (account_type 2): anchors make roll rooms of their items. */
export function makeAnchor(userId: number): Promise<void> {
  return devTool('account-type', { user_id: userId, account_type: 2 });
}

/** Gives a player a role; an admin (in the console) makes treasures and official roll rooms of house prizes. */
export function makeRole(userId: number, role: 'player' | 'anchor' | 'admin' | 'support' | 'finance'): Promise<void> {
  return devTool('role', { user_id: userId, role });
}

/**
 * Makes a player a staff member who has signed in to the console on `player.token`'s session: the
 * role, then an authenticator enrolled through the console API with codes made here as an
 * authenticator app makes them. Answers the secret (for later codes) and the recovery codes.
 */
export async function makeStaff(
  player: Player,
  role: 'admin' | 'support' | 'finance' = 'admin',
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await makeRole(player.userId, role);
  const setup = await api<TotpSetupResponse>('POST', ADMIN_PATHS.totpSetup, {}, player.token);
  if (setup.code !== 200) throw new Error(`totp setup: ${setup.msg}`);
  const code = TOTP.generate({ secret: Secret.fromBase32(setup.data.secret), timestamp: Date.now() });
  const enabled = await api<TotpEnableResponse>('POST', ADMIN_PATHS.totpEnable, { code }, player.token);
  if (enabled.code !== 200) throw new Error(`totp enable: ${enabled.msg}`);
  return { secret: setup.data.secret, recoveryCodes: enabled.data.recovery_codes };
}

/** Makes the player's next opened box a lucky player's (rotates their seed pair and steers the client seed). */
export function makeNextBoxLucky(userId: number): Promise<void> {
  return devTool('lucky-next', { user_id: userId });
}

/** Every item of a player, whatever its status (the knapsack of the inventory page). */
export async function inventory(player: Player): Promise<KnapsackResponse['list']> {
  const res = await api<KnapsackResponse>(
    'POST',
    '/goods/v1/item/get-knap-sack-infos',
    { page: 1, page_size: 100, status: [0, 1, 2, 3, 4, 5] },
    player.token,
  );
  if (res.code !== 200) throw new Error(`knapsack: ${res.msg}`);
  return res.data.list;
}

/**
 * Opens a console session for the site session a browser page is signed in with (the console's
 * second factor is per site session): a recovery code from `makeStaff`, as a staff member would
 * type it on /admin.
 */
export async function consoleSignInPage(page: Page, recoveryCode: string): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value;
  if (!token) throw new Error('the page is not signed in');
  const res = await api('POST', ADMIN_PATHS.totpVerify, { code: recoveryCode }, decodeURIComponent(token));
  if (res.code !== 200) throw new Error(`console sign-in: ${res.msg}`);
}

/** An item in a player's inventory from a box opening (the starter box, after a credit). */
export async function itemFromBox(player: Player): Promise<OpenBoxResponse['items'][number]> {
  await creditCoins(player.userId, 5_000_000);
  const boxes = (await api<BoxListResponse>('GET', '/goods/v1/box/get-box-list')).data;
  const starter = boxes.categories.flatMap((c) => c.boxes).find((b) => b.name === '新手箱');
  if (!starter) throw new Error('no starter box');
  const opened = await api<OpenBoxResponse>(
    'POST',
    '/goods/v1/box/open-box',
    { box_id: starter.box_id, count: 1, request_id: crypto.randomUUID() },
    player.token,
  );
  if (opened.code !== 200) throw new Error(`open-box: ${opened.msg}`);
  const item = opened.data.items[0];
  if (!item) throw new Error('no item from the box');
  return item;
}

/** The sandbox trade bot's offers, newest first, and its mode (development page /dev/trade-bot). */
export async function sandboxTradeBot(): Promise<{
  mode: { mode: string; delayMs: number };
  offers: { id: number; user_id: number; item_ids: number[]; state: string; bot_offer_id: string | null }[];
}> {
  const res = await fetch(`${baseUrl()}/dev/trade-bot.json`);
  if (!res.ok) throw new Error(`trade-bot.json: ${res.status}`);
  return res.json();
}

/** What a person does on the sandbox bot's page: its mode, or an offer's outcome. */
export async function sandboxTradeBotPost(path: string, body: Record<string, unknown> = {}): Promise<void> {
  const res = await fetch(`${baseUrl()}/dev/trade-bot/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`trade-bot/${path}: ${res.status} ${await res.text()}`);
}
