import { BAG_PATHS, type BagRecord } from '@kaixiang/shared/bags';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { bagEntry, bagTable } from '../bag-fixture.ts';
import { FairnessPage } from './fairness-page.tsx';

/** The player's opened bags, newest first, paged as the API pages them, and the table they name. */
function open(path: string, records: BagRecord[], loggedIn = true) {
  if (loggedIn) storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [BAG_PATHS.record]: (req) => {
        const page = Number(req.url.searchParams.get('page') ?? 1);
        const size = Number(req.url.searchParams.get('page_size') ?? 20);
        return { list: records.slice((page - 1) * size, page * size), total: records.length };
      },
      [BAG_PATHS.table]: () => bagTable(),
    }),
  );
  renderWithProviders(<FairnessPage />, path);
  return api;
}

const panel = async () => screen.findByRole('region', { name: '验证福袋' });
const mark = (key: string) =>
  within(screen.getByTestId(`bag-check-${key}`))
    .getByRole('img')
    .getAttribute('aria-label');

describe('lucky bag verifier', () => {
  it('verifies the bag the result overlay linked to (?bag=), against the table version it recorded', async () => {
    const records = Array.from({ length: 120 }, (_, i) => bagEntry(200 - i, i));
    const target = records.find((r) => r.id === 90) as BagRecord;
    const { requests } = open('/fairness?bag=90', records);
    const outcome = await screen.findByTestId('bag-verify');
    expect(within(outcome).getByRole('heading').textContent).toBe(
      '福袋 #90 · 幸运福袋 · 全部一致：这个福袋的金额由公开的种子与奖励表算出',
    );
    expect(['seedHash', 'table', 'ticket', 'amount'].map(mark)).toEqual(['通过', '通过', '通过', '通过']);
    expect(within(outcome).getByText(`到账金额：¥${((target.get_money ?? 0) / 10_000).toFixed(2)}`)).toBeTruthy();
    expect((within(await panel()).getByLabelText('福袋编号') as HTMLInputElement).value).toBe('90');
    const tables = requests.filter((r) => r.url.pathname.endsWith(BAG_PATHS.table));
    expect(tables.map((r) => r.url.searchParams.get('version'))).toEqual(['1']);
    // Only opened bags are searched (state 1).
    expect(
      requests
        .filter((r) => r.url.pathname.endsWith(BAG_PATHS.record))
        .every((r) => r.url.searchParams.get('state') === '1'),
    ).toBe(true);
  });

  it('checks one picked from the list, shows ✗ for a tampered amount and waits for an unrevealed seed', async () => {
    const good = bagEntry(12, 1);
    const forged = { ...bagEntry(11, 2), get_money: 880_000 };
    const hidden = bagEntry(10, 3, false);
    open('/fairness', [good, forged, hidden]);
    const region = await panel();
    fireEvent.click(await within(region).findByRole('button', { name: '验证福袋 12' }));
    expect(within(await screen.findByTestId('bag-verify')).getByText(/全部一致/)).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: '验证福袋 11' }));
    expect(await within(screen.getByTestId('bag-verify')).findByText(/有不一致的结果/)).toBeTruthy();
    expect(['seedHash', 'table', 'ticket', 'amount'].map(mark)).toEqual(['通过', '通过', '通过', '不一致']);

    fireEvent.click(within(region).getByRole('button', { name: '验证福袋 10' }));
    const waiting = await screen.findByTestId('bag-hidden');
    expect(within(waiting).getByText(/还未公开/)).toBeTruthy();
  });

  it('says so when the number is not among the player’s bags', async () => {
    open('/fairness', [bagEntry(12, 1)]);
    const region = await panel();
    await within(region).findByRole('button', { name: '验证福袋 12' });
    fireEvent.change(within(region).getByLabelText('福袋编号'), { target: { value: '99' } });
    fireEvent.click(within(region).getByRole('button', { name: '验证福袋' }));
    expect(await within(region).findByText('你开过的福袋中没有编号 99')).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    open('/fairness?bag=41', [], false);
    expect(await within(await panel()).findByText('登录后即可验证你开过的福袋')).toBeTruthy();
  });
});
