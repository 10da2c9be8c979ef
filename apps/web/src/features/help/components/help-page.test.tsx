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
