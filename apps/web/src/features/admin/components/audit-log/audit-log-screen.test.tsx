import { ADMIN_PATHS } from '@kaixiang/shared/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { localDateTime } from '../../format.ts';
import { callsTo, consoleHandlers, entry, liveSession, page, SUPPORT } from '../../test-fixtures.ts';

/** A log of 45 entries, paged as the server pages it. */
const LOG = Array.from({ length: 45 }, (_, i) => entry(45 - i));

function openLog(path = '/admin/audit-log') {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...SUPPORT, ...liveSession() },
      {
        [ADMIN_PATHS.auditLog]: (req) => {
          const p = Number(req.url.searchParams.get('page'));
          const size = Number(req.url.searchParams.get('page_size'));
          return page(LOG.slice((p - 1) * size, p * size), LOG.length);
        },
      },
    ),
  );
  return { ...api, ...renderApp(path) };
}

/** The query of the latest audit log call, as the server would read it. */
const lastQuery = (requests: MockRequest[]) =>
  Object.fromEntries(callsTo(requests, ADMIN_PATHS.auditLog).at(-1)!.url.searchParams);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the audit log', () => {
  it('asks for the first page and shows it as a dense table in local time', async () => {
    const { requests } = openLog();
    const table = await screen.findByRole('table');
    expect(lastQuery(requests)).toEqual({ page: '1', page_size: '20' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(21);
    const first = within(rows[1]!);
    expect(first.getByText(localDateTime(LOG[0]!.created_at))).toBeTruthy();
    expect(first.getByRole('button', { name: /运营老板\s*#1/ })).toBeTruthy();
    expect(first.getByText('box.odds')).toBeTruthy();
    expect(first.getByText('box:45')).toBeTruthy();
    expect(first.getByText('调整赔率')).toBeTruthy();
    expect(first.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('共 45 条')).toBeTruthy();
  });

  it('builds the query from the filters, trimmed, with the page back to 1, and keeps it in the address', async () => {
    const { requests, router } = openLog('/admin/audit-log?page=2');
    await screen.findByText('第 2 / 3 页');
    expect(lastQuery(requests)).toEqual({ page: '2', page_size: '20' });

    fill('操作（前缀）', ' rain ');
    fill('管理员 ID', '7');
    fill('对象', 'rain:3');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({
        action: 'rain',
        admin_id: '7',
        target: 'rain:3',
        page: '1',
        page_size: '20',
      }),
    );
    expect(router.state.location.search).toBe('?action=rain&admin_id=7&target=rain%3A3');

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastQuery(requests)).toEqual({ page: '1', page_size: '20' }));
    expect((screen.getByLabelText('操作（前缀）') as HTMLInputElement).value).toBe('');
  });

  it('refuses an admin id that is not a positive whole number without asking the server', async () => {
    const { requests } = openLog();
    await screen.findByRole('table');
    const calls = callsTo(requests, ADMIN_PATHS.auditLog).length;
    fill('管理员 ID', '12a');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入正整数');
    expect(callsTo(requests, ADMIN_PATHS.auditLog)).toHaveLength(calls);
  });

  it('pages forward and changes the page size, starting again from page 1', async () => {
    const { requests } = openLog();
    await screen.findByText('第 1 / 3 页');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    // Rows 21 to 40 of the log: the second page's answer is on screen.
    await screen.findByText('box:25');
    expect(screen.getByText('第 2 / 3 页')).toBeTruthy();
    expect(lastQuery(requests)).toEqual({ page: '2', page_size: '20' });

    fireEvent.change(screen.getByRole('combobox', { name: '每页条数' }), { target: { value: '50' } });
    await screen.findByText('box:1');
    expect(screen.getByText('第 1 / 1 页')).toBeTruthy();
    expect(lastQuery(requests)).toEqual({ page: '1', page_size: '50' });
  });

  it('filters by a row’s admin or target in one click', async () => {
    const { requests } = openLog();
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'box:44' }));
    await waitFor(() => expect(lastQuery(requests)).toEqual({ target: 'box:44', page: '1', page_size: '20' }));
    expect((screen.getByLabelText('对象') as HTMLInputElement).value).toBe('box:44');
  });

  it('opens a row to its before and after, the changed fields marked and the unchanged folded away', async () => {
    openLog();
    const table = await screen.findByRole('table');
    const [toggle] = within(table).getAllByRole('button', { name: '展开变更' });
    fireEvent.click(toggle!);
    expect(toggle!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('2 处修改，0 处新增，0 处删除')).toBeTruthy();
    const price = screen.getByRole('rowheader', { name: 'price' }).closest('tr')!;
    expect(within(price).getByText('修改')).toBeTruthy();
    expect(within(price).getByText('250000')).toBeTruthy();
    expect(within(price).getByText('260000')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'contents[0].tickets' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'name' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: '显示未变化的字段（2）' }));
    const name = screen.getByRole('rowheader', { name: 'name' }).closest('tr')!;
    expect(within(name).getByText('未变')).toBeTruthy();
    expect(within(name).getAllByText('"千瓦武器箱"')).toHaveLength(2);
  });
});
