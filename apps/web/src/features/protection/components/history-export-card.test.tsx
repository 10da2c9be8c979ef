import { PROTECTION_PATHS } from '@kaixiang/shared/protection';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const csv = (kind: string) =>
  new Response(`\uFEFF时间（北京时间）,类型\r\n2026-11-21 16:00:00,${kind}\r\n`, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="kaixiang-${kind}-20261121.csv"`,
    },
  });

/** What the browser was asked to download: the anchor's name and the blob behind its URL. */
function watchDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob | undefined }[] = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
  });
  return saved;
}

async function openBasicInfo(handler: MockHandler) {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers({ [PROTECTION_PATHS.historyExport]: handler }));
  renderApp('/userinfo/basic');
  const card = await screen.findByRole('region', { name: '数据导出' });
  return { ...api, card };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('history export card (/userinfo/basic)', () => {
  it('downloads each kind with the player token, under the name the server gave', async () => {
    const saved = watchDownloads();
    const { card, requests } = await openBasicInfo((req) => csv(req.url.searchParams.get('kind') ?? ''));
    const buttons = ['充值记录 (CSV)', '开箱记录 (CSV)', '金币流水 (CSV)'];
    for (const [i, name] of buttons.entries()) {
      fireEvent.click(within(card).getByRole('button', { name }));
      await waitFor(() => expect(saved).toHaveLength(i + 1));
    }
    const calls = requests.filter((r) => r.url.pathname === `/api${PROTECTION_PATHS.historyExport}`);
    expect(calls.map((r) => r.url.searchParams.get('kind'))).toEqual(['recharges', 'openings', 'coins']);
    for (const r of calls) {
      expect(r.headers.authorization).toBe(`Bearer ${TOKENS.access_token}`);
      expect(r.headers['x-sign']).toBeTruthy();
      expect(r.headers['x-lang']).toBe('zh-CN');
    }
    expect(saved.map((s) => s.name)).toEqual([
      'kaixiang-recharges-20261121.csv',
      'kaixiang-openings-20261121.csv',
      'kaixiang-coins-20261121.csv',
    ]);
    expect(await saved[2]?.blob?.text()).toContain('2026-11-21 16:00:00,coins');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('shows a spinner and holds the buttons while a file is coming', async () => {
    const saved = watchDownloads();
    let answer: ((r: Response) => void) | null = null;
    const { card } = await openBasicInfo(() => new Promise<Response>((resolve) => (answer = resolve)));
    const button = within(card).getByRole('button', { name: '金币流水 (CSV)' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.querySelector('.spinner')).toBeTruthy();
    expect(within(card).getByRole('button', { name: '充值记录 (CSV)' }).hasAttribute('disabled')).toBe(true);
    // The request is out (the server has it) and the button still spins until the file is in.
    const reply = await waitFor(() => answer ?? Promise.reject(new Error('no request yet')));
    expect(button.getAttribute('aria-busy')).toBe('true');
    reply(csv('coins'));
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
    expect(button.querySelector('.spinner')).toBeNull();
  });

  it('shows the server message when the export is refused, and downloads nothing', async () => {
    const saved = watchDownloads();
    const { card } = await openBasicInfo(() => fail(4000, '参数不正确', 400));
    fireEvent.click(within(card).getByRole('button', { name: '开箱记录 (CSV)' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('参数不正确');
    expect(saved).toHaveLength(0);
    expect(within(card).getByRole('button', { name: '开箱记录 (CSV)' }).hasAttribute('disabled')).toBe(false);
  });
});
