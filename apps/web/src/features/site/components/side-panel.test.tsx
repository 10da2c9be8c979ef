import { SITE_PATHS } from '@kaixiang/shared/site';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../../lib/cookies.ts';
import { APP_EVENTS } from '../../../lib/events.ts';
import { getToasts } from '../../../lib/toast.ts';
import { GROUP_INFO, HOST_INFO } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { SidePanel } from './side-panel.tsx';

describe('side panel', () => {
  it('copies the group number on click', async () => {
    mockApi();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<SidePanel />);
    fireEvent.click(await screen.findByRole('button', { name: '官方群' }));
    await waitFor(() => expect(getToasts()).toMatchObject([{ kind: 'success', message: '复制成功' }]));
    expect(writeText).toHaveBeenCalledWith('739281460');
    expect(screen.getByText('739281460')).toBeTruthy();
  });

  it('draws a QR picture only once its popover is wanted', async () => {
    mockApi();
    renderWithProviders(<SidePanel />);
    const contact = await screen.findByRole('button', { name: '联系客服' });
    expect(screen.queryByAltText('客服二维码')).toBeNull();
    fireEvent.mouseEnter(contact);
    expect(screen.getByAltText('客服二维码').getAttribute('src')).toBe(GROUP_INFO.contact_img);
  });

  it('says 复制失败 when the clipboard refuses', async () => {
    mockApi();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('no')) } });
    renderWithProviders(<SidePanel />);
    fireEvent.click(await screen.findByRole('button', { name: '官方群' }));
    await waitFor(() => expect(getToasts()).toMatchObject([{ kind: 'error', message: '复制失败' }]));
  });

  it('explains that the command-code feature is closed when code_item is not 1', async () => {
    mockApi({ [SITE_PATHS.groupInfo]: () => ({ ...GROUP_INFO, code_item: 0 }) });
    renderWithProviders(<SidePanel />);
    fireEvent.click(await screen.findByRole('button', { name: '口令饰品' }));
    expect(getToasts()).toMatchObject([{ kind: 'warning', message: '当前口令饰品功能已关闭，请联系客服' }]);
  });

  it('opens the command dialog for a logged-in player, the login dialog for a guest', async () => {
    mockApi();
    const seen: string[] = [];
    const record = (e: Event) => seen.push(e.type);
    window.addEventListener(APP_EVENTS.openCommand, record);
    window.addEventListener(APP_EVENTS.openLogin, record);
    renderWithProviders(<SidePanel />);
    const button = await screen.findByRole('button', { name: '口令饰品' });
    fireEvent.click(button);
    setCookie('loginFlag', '1');
    fireEvent.click(button);
    window.removeEventListener(APP_EVENTS.openCommand, record);
    window.removeEventListener(APP_EVENTS.openLogin, record);
    expect(seen).toEqual([APP_EVENTS.openLogin, APP_EVENTS.openCommand]);
  });

  it('hides the app download entry when the host does not show it or there is no QR', async () => {
    mockApi({ [SITE_PATHS.hostInfo]: () => ({ ...HOST_INFO, show_app: false }) });
    renderWithProviders(<SidePanel />);
    await screen.findByRole('button', { name: '联系客服' });
    expect(screen.queryByRole('button', { name: '下载APP' })).toBeNull();
  });

  it('shows the back-to-top button after 500 px of scrolling', async () => {
    mockApi();
    renderWithProviders(<SidePanel />);
    const top = document.querySelector('.side-panel__top')!;
    expect(top.className).not.toContain('is-visible');
    Object.defineProperty(window, 'scrollY', { value: 501, configurable: true });
    fireEvent.scroll(window);
    expect(top.className).toContain('is-visible');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
