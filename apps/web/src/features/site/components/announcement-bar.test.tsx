import { SITE_PATHS } from '@kaixiang/shared/site';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast.ts';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AnnouncementBar } from './announcement-bar.tsx';

describe('announcement bar', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows the next notice every 10 seconds, round and round', async () => {
    mockApi({
      [SITE_PATHS.messages]: () => ({
        messages: [
          { id: 1, content: '第一条公告' },
          { id: 2, content: '第二条公告' },
        ],
      }),
    });
    renderWithProviders(<AnnouncementBar />);
    expect(await screen.findByText('第一条公告')).toBeTruthy();
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.queryByText('第一条公告')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('第二条公告')).toBeTruthy();
    expect(screen.queryByText('第一条公告')).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('第一条公告')).toBeTruthy();
  });

  it('opens every notice in the announcement dialog on click', async () => {
    mockApi({
      [SITE_PATHS.messages]: () => ({
        messages: [
          { id: 1, content: '第一条公告' },
          { id: 2, content: '第二条公告' },
        ],
      }),
    });
    renderWithProviders(<AnnouncementBar />);
    fireEvent.click(await screen.findByRole('button', { name: /第一条公告/ }));
    const dialog = screen.getByRole('dialog', { name: '公告' });
    expect(dialog.textContent).toContain('第一条公告');
    expect(dialog.textContent).toContain('第二条公告');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is hidden when there is no announcement', async () => {
    const { requests } = mockApi({ [SITE_PATHS.messages]: () => ({ messages: [] }) });
    const { container } = renderWithProviders(<AnnouncementBar />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {});
    expect(container.querySelector('.announcement')).toBeNull();
  });

  it('is hidden, without an error toast, when the fetch fails', async () => {
    const { requests } = mockApi({ [SITE_PATHS.messages]: () => fail(500, '服务器繁忙，请稍后再试', 500) });
    const { container } = renderWithProviders(<AnnouncementBar />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {});
    expect(container.querySelector('.announcement')).toBeNull();
    expect(getToasts()).toEqual([]);
  });
});
