import { ADMIN_RETRIEVAL_PATHS, type RetrievalRow } from '@kaixiang/shared/admin-retrievals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { callsTo, consoleHandlers, liveSession, SUPPORT } from '../../test-fixtures.ts';

const row = (id: number, over: Partial<RetrievalRow> = {}): RetrievalRow => ({
  id,
  user_id: 100 + id,
  nick_name: `玩家${id}`,
  items: [
    { id: id * 10, name: 'AK-47 | 红线', price: 200_000, status: 4 },
    { id: id * 10 + 1, name: 'P250 | 沙丘', price: 20_000, status: 4 },
  ],
  state: 'failed',
  failure: 'bot_fault',
  bot: 'sandbox',
  bot_offer_id: null,
  created_at: 1_795_000_000_000 + id * 60_000,
  updated_at: 1_795_000_100_000 + id * 60_000,
  ...over,
});

const QUEUE = [
  row(3, { state: 'pending', failure: null, bot_offer_id: 'sb-77' }),
  row(2, { state: 'declined', failure: 'declined' }),
  row(1, { state: 'accepted', failure: null, bot_offer_id: 'sb-70' }),
  // Failed, but its item was sent again since (retrieving under a newer offer): nothing to retry.
  row(0, {
    state: 'failed',
    failure: 'bot_fault',
    items: [{ id: 5, name: 'MP9 | 黑砂', price: 3_000, status: 1 }],
  }),
];

function open(path: string, overrides: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...SUPPORT, ...liveSession() },
      {
        [ADMIN_RETRIEVAL_PATHS.queue]: () => ({ list: QUEUE, total: QUEUE.length, page: 1, page_size: 20 }),
        ...overrides,
      },
    ),
  );
  return { ...api, ...renderApp(path) };
}

const rowOf = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text))!;

describe('the retrieval queue', () => {
  it('lists each retrieval with its player, items, value, state, failure and bot, and offers only what its state allows', async () => {
    open('/admin/retrievals');
    await screen.findByRole('table');
    const declined = rowOf('玩家2');
    expect(declined.textContent).toContain('AK-47 | 红线');
    expect(declined.textContent).toContain('¥22.00');
    expect(declined.textContent).toContain('被拒绝');
    expect(declined.textContent).toContain('玩家拒绝了报价');
    expect(within(declined).getByRole('button', { name: '重试' })).toBeTruthy();
    expect(within(declined).queryByRole('button', { name: '取消报价' })).toBeNull();

    const pending = rowOf('玩家3');
    expect(pending.textContent).toContain('sb-77');
    expect(within(pending).getByRole('button', { name: '取消报价' })).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: '重试' })).toBeNull();

    const accepted = rowOf('玩家1');
    expect(within(accepted).queryAllByRole('button')).toHaveLength(0);
    const resent = rowOf('玩家0');
    expect(resent.textContent).toContain('机器人故障');
    expect(within(resent).queryAllByRole('button')).toHaveLength(0);
    expect(within(accepted).getByRole('link', { name: /玩家1/ }).getAttribute('href')).toBe('/admin/players/101');
  });

  it('filters by state and player through the address, and asks the server with them', async () => {
    const { requests, router } = open('/admin/retrievals');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'failed' } });
    await waitFor(() => expect(router.state.location.search).toBe('?state=failed'));
    fireEvent.change(screen.getByLabelText('玩家 ID'), { target: { value: '102' } });
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=failed&user_id=102'));
    await waitFor(() =>
      expect(callsTo(requests, ADMIN_RETRIEVAL_PATHS.queue).at(-1)!.url.searchParams.get('user_id')).toBe('102'),
    );
    const last = callsTo(requests, ADMIN_RETRIEVAL_PATHS.queue).at(-1)!.url.searchParams;
    expect(last.get('state')).toBe('failed');
  });

  it('retries with a reason, says which offer was sent, and reads the queue again', async () => {
    const { requests } = open('/admin/retrievals', {
      [ADMIN_RETRIEVAL_PATHS.retry]: () => ({ id: 2, offer_id: 9, item_ids: [20, 21] }),
    });
    await screen.findByRole('table');
    const reads = callsTo(requests, ADMIN_RETRIEVAL_PATHS.queue).length;
    fireEvent.click(within(rowOf('玩家2')).getByRole('button', { name: '重试' }));
    const dialog = within(screen.getByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: '确认重试' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '玩家已修好交易链接' } });
    fireEvent.click(confirm);
    expect((await screen.findByRole('status')).textContent).toBe('已发出新报价 #9（2 件饰品）。');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(callsTo(requests, ADMIN_RETRIEVAL_PATHS.retry)[0]!.body)).toEqual({
      id: 2,
      reason: '玩家已修好交易链接',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_RETRIEVAL_PATHS.queue).length).toBeGreaterThan(reads));
  });

  it('shows the server’s refusal of a cancel in the dialog and changes nothing', async () => {
    open('/admin/retrievals', {
      [ADMIN_RETRIEVAL_PATHS.cancel]: () => fail(4083, '机器人未能撤回该报价，它可能已被接受，请稍后再看', 409),
    });
    await screen.findByRole('table');
    fireEvent.click(within(rowOf('玩家3')).getByRole('button', { name: '取消报价' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('原因（必填，记入操作日志）'), { target: { value: '玩家要求' } });
    fireEvent.click(dialog.getByRole('button', { name: '确认取消' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('机器人未能撤回该报价');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
