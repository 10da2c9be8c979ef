import { MAIL_PATHS, type Mail } from '@kaixiang/shared/mail';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { socket } from '../../../lib/socket.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { FakeWebSocket } from '../../../test/fake-websocket.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderApp, renderWithProviders } from '../../../test/render-app.tsx';
import { AccountHeader } from '../../accounts/components/account-header.tsx';

const mailOf = (id: number, overrides: Partial<Mail> = {}): Mail => ({
  id,
  title: `邮件${id}`,
  content: `正文${id}`,
  created_at: 1_763_700_000_000 + id,
  read_at: null,
  coins: 0,
  items: [],
  coupons: [],
  bags: [],
  has_appendix: false,
  received_at: null,
  ...overrides,
});

/** A mailbox that behaves like the server: reading and receiving change what the list says. */
function mailbox(initial: Mail[], total = initial.length) {
  const mails = initial.map((m) => ({ ...m }));
  let money = 1_234_599;
  const unread = () => mails.filter((m) => m.read_at === null).length;
  const receiveOne = (m: Mail) => {
    m.received_at = 1;
    m.read_at ??= 1;
    money += m.coins;
    return m.coins;
  };
  const handlers: Record<string, MockHandler> = {
    [MAIL_PATHS.newMailCount]: () => ({ new_mail_count: unread() }),
    [MAIL_PATHS.mails]: () => ({ list: mails, total, new_mail_count: unread() }),
    [MAIL_PATHS.markRead]: (req) => {
      const m = mails.find((x) => x.id === JSON.parse(req.body).id);
      if (m) m.read_at ??= 1;
      return { new_mail_count: unread() };
    },
    [MAIL_PATHS.receive]: (req) => {
      const m = mails.find((x) => x.id === JSON.parse(req.body).id);
      if (!m) return fail(4601, '邮件不存在');
      const again = m.received_at !== null;
      const coins = again ? 0 : receiveOne(m);
      return {
        ids: again ? [] : [m.id],
        coins,
        user_item_ids: [],
        user_card_ids: [],
        already_received: again,
        money,
        new_mail_count: unread(),
      };
    },
    [MAIL_PATHS.receiveAll]: () => {
      const open = mails.filter((m) => m.has_appendix && m.received_at === null);
      const coins = open.reduce((sum, m) => sum + receiveOne(m), 0);
      return {
        ids: open.map((m) => m.id),
        coins,
        user_item_ids: [],
        user_card_ids: [],
        already_received: open.length === 0,
        money,
        new_mail_count: unread(),
      };
    },
  };
  return { mails, handlers };
}

const bodies = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.url.pathname === `/api${path}`).map((r) => JSON.parse(r.body || '{}'));
const lastToast = () => getToasts().at(-1)?.message;

function openMailPage(
  box: ReturnType<typeof mailbox>,
  extra: Record<string, MockHandler> = {},
  path = '/personalCenter/mail',
) {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers({ ...box.handlers, ...extra }));
  const app = renderApp(path);
  return { ...api, ...app };
}

describe('mail page', () => {
  afterEach(() => socket.stop());

  it('lists mails with unread markers and pages; opening an unread one marks it read and clears the header dot', async () => {
    const box = mailbox([mailOf(2, { read_at: 5 }), mailOf(1)], 23);
    const { requests } = openMailPage(box);
    const rows = await screen.findAllByTestId('mail-row');
    expect(rows.map((r) => within(r).getByRole('button', { expanded: false }).textContent)).toEqual([
      expect.stringContaining('邮件2'),
      expect.stringContaining('邮件1'),
    ]);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: '未读' })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole('img', { name: '未读' })).toBeNull();
    const list = requests.find((r) => r.url.pathname === `/api${MAIL_PATHS.mails}`)?.url.searchParams;
    expect([list?.get('page'), list?.get('page_size')]).toEqual(['1', '10']);
    expect(screen.getByText('共 23 条')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('mail-dot')).toBeTruthy());

    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { expanded: false }));
    expect(screen.getByText('正文1')).toBeTruthy();
    await waitFor(() => expect(bodies(requests, MAIL_PATHS.markRead)).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByTestId('mail-dot')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('img', { name: '未读' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname === `/api${MAIL_PATHS.mails}`)
          .at(-1)
          ?.url.searchParams.get('page'),
      ).toBe('2'),
    );
  });

  it('collects one attachment, shows the coins and the new balance, and says so once it is collected', async () => {
    const box = mailbox([mailOf(1, { coins: 50_000, has_appendix: true })]);
    const { requests } = openMailPage(box);
    await screen.findByTestId('mail-row');
    fireEvent.click(screen.getByRole('button', { name: /邮件1/ }));
    expect(screen.getByText('附件：')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '领取' }));
    await waitFor(() => expect(lastToast()).toBe('领取成功，获得金币 5.00'));
    expect(bodies(requests, MAIL_PATHS.receive)).toEqual([{ id: 1 }]);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('128.45'));
    expect(await screen.findByText('已领取')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();
  });

  it('names the lucky bags an attachment gives', async () => {
    const box = mailbox([mailOf(1, { bags: [{ campaign_id: 3, name: '幸运福袋' }], has_appendix: true })]);
    openMailPage(box);
    await screen.findByTestId('mail-row');
    fireEvent.click(screen.getByRole('button', { name: /邮件1/ }));
    expect(screen.getByText('幸运福袋').parentElement?.textContent).toBe('福袋幸运福袋');
  });

  it('collects all attachments at once, and says when nothing is left', async () => {
    const box = mailbox([
      mailOf(2, { coins: 20_000, has_appendix: true }),
      mailOf(1, { coins: 10_000, has_appendix: true }),
    ]);
    const { requests } = openMailPage(box);
    await screen.findAllByTestId('mail-row');
    fireEvent.click(screen.getByRole('button', { name: '一键领取' }));
    await waitFor(() => expect(lastToast()).toBe('领取成功，获得金币 3.00'));
    await waitFor(() => expect(screen.getAllByText('已领取')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '一键领取' }));
    await waitFor(() => expect(lastToast()).toBe('暂无可领取的附件'));
    expect(bodies(requests, MAIL_PATHS.receiveAll)).toEqual([{}, {}]);
  });

  it('says 暂无邮件 for an empty mailbox', async () => {
    openMailPage(mailbox([]));
    expect(await screen.findByText('暂无邮件')).toBeTruthy();
  });

  it('lights the header dot when a new_mail push arrives', async () => {
    storeSession(TOKENS);
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    socket.start();
    FakeWebSocket.latest().open();
    mockApi(accountHandlers(mailbox([]).handlers));
    renderWithProviders(<AccountHeader />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('123.45'));
    expect(screen.queryByTestId('mail-dot')).toBeNull();
    act(() =>
      FakeWebSocket.latest().receive({ type: 'new_mail', data: { new_mail_count: 1 }, room: 'user:42', seq: 1 }),
    );
    await waitFor(() => expect(screen.getByTestId('mail-dot')).toBeTruthy());
    expect(screen.getByRole('link', { name: '站内信 · 有新邮件' })).toBeTruthy();
  });
});

describe('redemption dialog', () => {
  async function openRedeem(extra: Record<string, MockHandler> = {}) {
    const api = openMailPage(mailbox([]), extra, '/');
    await screen.findByTestId('header-balance');
    fireEvent.mouseEnter(screen.getByRole('button', { name: '用户菜单' }).parentElement as HTMLElement);
    fireEvent.click(screen.getByRole('menuitem', { name: '兑换码' }));
    const dialog = await screen.findByRole('dialog', { name: '兑换码' });
    const input = within(dialog).getByLabelText('兑换码');
    return { ...api, dialog, input };
  }

  it('asks for a code when the input is empty, without asking the server', async () => {
    const { dialog, requests, input } = await openRedeem();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '立即兑换' }));
    expect(lastToast()).toBe('请输入兑换码');
    expect(bodies(requests, MAIL_PATHS.redeem)).toEqual([]);
  });

  it('redeems, says 兑换成功，请前往邮箱领取奖励 and goes to the mail page', async () => {
    const { dialog, requests, input, router } = await openRedeem({ [MAIL_PATHS.redeem]: () => ({ mail_id: 7 }) });
    fireEvent.change(input, { target: { value: ' KX-2026 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/personalCenter/mail'));
    expect(bodies(requests, MAIL_PATHS.redeem)).toEqual([{ key: 'KX-2026' }]);
    expect(getToasts().map((t) => t.message)).toContain('兑换成功，请前往邮箱领取奖励');
    expect(dialog.isConnected).toBe(false);
  });

  it("shows the server's refusal and stays open", async () => {
    const { dialog, input } = await openRedeem({ [MAIL_PATHS.redeem]: () => fail(4503, '兑换码已过期', 400) });
    fireEvent.change(input, { target: { value: 'OLD' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '立即兑换' }));
    await waitFor(() => expect(lastToast()).toBe('兑换码已过期'));
    expect(screen.getByRole('dialog', { name: '兑换码' })).toBeTruthy();
  });
});
