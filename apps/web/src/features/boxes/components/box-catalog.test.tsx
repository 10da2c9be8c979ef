import { BOX_PATHS, type BoxCard } from '@kaixiang/shared/boxes';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { BoxCatalog } from './box-catalog.tsx';

function box(box_id: number, name: string, price: number, category_id: number): BoxCard {
  return {
    box_id,
    name,
    img: '',
    fallback_img: `/img/cases/${box_id}.svg`,
    price,
    category_id,
    rtp_bp: 9000,
    version: 1,
  };
}

const CATEGORIES = [
  {
    category_id: 1,
    name: '热门箱子',
    boxes: [box(7, '狂牙大行动武器箱', 125_000, 1), box(8, '梦魇武器箱', 99_999, 1)],
  },
  { category_id: 2, name: '高级箱子', boxes: [box(9, '蝴蝶刀箱', 8_880_000, 2)] },
  { category_id: 3, name: '空分类', boxes: [] },
];

describe('home box catalogue', () => {
  it('shows every category with its boxes, priced, each opening its box page', async () => {
    mockApi({ [BOX_PATHS.list]: () => ({ categories: CATEGORIES }) });
    const { router } = renderWithProviders(<BoxCatalog />);
    const hot = await screen.findByRole('region', { name: '热门箱子' });
    const link = within(hot).getByRole('link', { name: '打开 狂牙大行动武器箱' });
    expect(link.getAttribute('href')).toBe('/box/7');
    expect(within(link).getByText('12.50')).toBeTruthy();
    expect(within(hot).getByText('9.99')).toBeTruthy();
    expect(screen.getByRole('region', { name: '高级箱子' })).toBeTruthy();
    // An empty category is not shown, not even as a chip.
    expect(screen.queryByRole('button', { name: '空分类' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '高级箱子' }));
    expect(screen.queryByRole('region', { name: '热门箱子' })).toBeNull();
    expect(screen.getByRole('button', { name: '高级箱子' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: '打开 蝴蝶刀箱' }));
    expect(router.state.location.pathname).toBe('/box/9');
  });

  it('says there is nothing to open when there are no boxes', async () => {
    mockApi({ [BOX_PATHS.list]: () => ({ categories: [] }) });
    renderWithProviders(<BoxCatalog />);
    expect(await screen.findByText('暂无箱子')).toBeTruthy();
    expect(screen.getByText('当前没有可开启的箱子')).toBeTruthy();
  });
});
