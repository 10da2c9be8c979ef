import { HELP_OVERRIDES_PATH } from '@kaixiang/shared/admin-content';
import { SITE_PATHS } from '@kaixiang/shared/site';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOST_INFO } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { helpZhCN } from '../content/zh-CN.ts';

describe('help pages', () => {
  it('render the FAQ under its historical /help/qustion address, with the help menu', async () => {
    mockApi();
    renderApp('/help/qustion');
    expect(await screen.findByRole('heading', { level: 1, name: helpZhCN.question.title })).toBeTruthy();
    const first = helpZhCN.question.sections[0]!;
    expect(screen.getByRole('heading', { level: 2, name: first.heading })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: '帮助页面' });
    expect(within(menu).getByRole('link', { name: helpZhCN.privacyPolicy.title }).getAttribute('href')).toBe(
      '/help/privacyPolicy',
    );
  });

  it('show an operator’s edit of a page in place of its static text, as text, and the static text elsewhere', async () => {
    mockApi({
      [HELP_OVERRIDES_PATH]: () => ({
        pages: [
          {
            page: 'question',
            title: '新版常见问题',
            body: '导语一段。\n\n## 充值\n<b>不是标签</b>\n\n1. 打开充值\n2. 付款\n\nQ: 多久到账？\nA: 五分钟内。',
            updated_at: Date.UTC(2026, 10, 25),
          },
        ],
      }),
    });
    const { router } = renderApp('/help/qustion');
    expect(await screen.findByRole('heading', { level: 1, name: '新版常见问题' })).toBeTruthy();
    expect(screen.getByText('导语一段。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '充值' })).toBeTruthy();
    // Markup from the database is shown as the characters it is, never parsed as HTML.
    expect(screen.getByText('<b>不是标签</b>')).toBeTruthy();
    expect(document.querySelector('.help-article b')).toBeNull();
    const steps = document.querySelector<HTMLElement>('.help-article .help-steps')!;
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['打开充值', '付款']);
    expect(screen.getByText('多久到账？')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: '帮助页面' });
    expect(within(menu).getByRole('link', { name: '新版常见问题' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: helpZhCN.question.title })).toBeNull();

    await router.navigate('/help/privacyPolicy');
    expect(await screen.findByRole('heading', { level: 1, name: helpZhCN.privacyPolicy.title })).toBeTruthy();
  });

  it('show About us only on hosts that have it', async () => {
    mockApi({ [SITE_PATHS.hostInfo]: () => ({ ...HOST_INFO, show_about_us: false }) });
    const { router } = renderApp('/help/AboutUs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notFound'));
  });

  it('send unknown help pages to the error page', async () => {
    mockApi();
    const { router } = renderApp('/help/nothing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notFound'));
  });
});
