import { WISHING_WELL_PATHS, type WishRecord } from '@kaixiang/shared/wishing-well';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { wishRecord } from '../wish-fixture.ts';
import { FairnessPage } from './fairness-page.tsx';

function open(path: string, records: WishRecord[]) {
  storeSession(TOKENS);
  mockApi(
    accountHandlers({
      [WISHING_WELL_PATHS.records]: (req) => {
        const page = Number(req.url.searchParams.get('page') ?? 1);
        const size = Number(req.url.searchParams.get('page_size') ?? 10);
        return { list: records.slice((page - 1) * size, page * size), total: records.length };
      },
    }),
  );
  renderWithProviders(<FairnessPage />, path);
}

const marks = () =>
  ['seedHash', 'roll', 'outcome'].map((key) =>
    within(screen.getByTestId(`wish-check-${key}`))
      .getByRole('img')
      .getAttribute('aria-label'),
  );

describe('wish verifier', () => {
  it('verifies the wish the wishing well linked to (?wish=), from the player’s own records', async () => {
    const records = [wishRecord(12, false), wishRecord(11, true)];
    open('/fairness?wish=11', records);
    const outcome = await screen.findByTestId('wish-verify');
    expect(within(outcome).getByRole('heading').textContent).toBe(
      '许愿 #11 · AK-47 | 红线 · 全部一致：这次许愿的结果由公开的种子算出',
    );
    expect(marks()).toEqual(['通过', '通过', '通过']);
    const hit = records[1] as WishRecord;
    expect(within(outcome).getByText(`${hit.roll} < 250000（25.00%）：许愿成功`)).toBeTruthy();
  });

  it('flags a record whose outcome does not follow from its roll, and waits for a hidden seed', async () => {
    const miss = wishRecord(21, false);
    open('/fairness', [{ ...miss, hit: true, user_item_id: 5 }, wishRecord(20, true, false)]);
    const panel = await screen.findByRole('region', { name: '验证许愿' });
    fireEvent.click(await within(panel).findByRole('button', { name: '验证许愿 21' }));
    const outcome = await screen.findByTestId('wish-verify');
    expect(within(outcome).getByRole('heading').textContent).toContain('有不一致的结果');
    expect(marks()).toEqual(['通过', '通过', '不一致']);
    fireEvent.click(within(panel).getByRole('button', { name: '验证许愿 20' }));
    expect((await screen.findByTestId('wish-hidden')).textContent).toContain('还未公开');
  });
});
