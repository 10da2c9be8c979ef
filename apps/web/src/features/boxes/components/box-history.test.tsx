import { BOX_PATHS } from '@kaixiang/shared/boxes';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openHistoryEntry } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { BoxHistory } from './box-history.tsx';

const entry = openHistoryEntry;

describe('box history', () => {
  it('shows who opened what, each name with its VIP badge', async () => {
    const { requests } = mockApi({
      [BOX_PATHS.history]: () => ({
        list: [entry({ id: 2, nick_name: '大户', vip_level: 7, name: 'AWP | 二西莫夫' }), entry({})],
        total: 2,
      }),
    });
    renderWithProviders(<BoxHistory boxId={3} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('大户')).toBeTruthy();
    expect(within(first).getByText('AWP | 二西莫夫')).toBeTruthy();
    expect(within(first).getByText('VIP7').getAttribute('data-level')).toBe('7');
    // Level 0 keeps its (grey) badge, as in the header.
    expect(within(second).getByText('VIP0').getAttribute('data-level')).toBe('0');
    expect(requests[0]?.url.searchParams.get('box_id')).toBe('3');
  });
});
