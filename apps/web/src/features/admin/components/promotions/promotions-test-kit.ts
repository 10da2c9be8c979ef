import { ADMIN_BAG_PATHS, type AdminCampaign } from '@kaixiang/shared/admin-bags';
import { fireEvent, screen, within } from '@testing-library/react';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { ADMIN, callsTo, consoleHandlers, liveSession } from '../../test-fixtures.ts';

// What the second part's tests (sign-in rewards, tasks, …) share: one file a tab keeps each short.

export const NOW = Date.now();

export const giftCampaign = (id: number, over: Partial<AdminCampaign> = {}): AdminCampaign => ({
  id,
  kind: 'grant',
  name_zh_cn: '幸运福袋',
  name_zh_tw: '幸運福袋',
  name_en: 'Lucky bag',
  enabled: true,
  active: true,
  starts_at: null,
  ends_at: null,
  per_grant: 1,
  min_recharge: 0,
  vip_levels: [],
  table: { version: 1, table_hash: 'h', ticket_total: 1_000_000, ev: 14_460, min: 5_000, max: 100_000, entries: [] },
  given: 0,
  opened: 0,
  paid: 0,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

/** The console at /admin/promotions for an admin, with two bag campaigns (a grant one, #3) and `handlers`. */
export function openPromotions(handlers: Record<string, MockHandler>) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...ADMIN, ...liveSession() },
      {
        [ADMIN_BAG_PATHS.campaigns]: () => ({
          list: [giftCampaign(3), giftCampaign(4, { kind: 'daily_recharge', name_zh_cn: '充值福袋' })],
        }),
        ...handlers,
      },
    ),
  );
  return { ...api, ...renderApp('/admin/promotions') };
}

/** The body of the last POST to `path`. */
export const lastBody = (requests: MockRequest[], path: string) =>
  JSON.parse(
    callsTo(requests, path)
      .filter((r) => r.method === 'POST')
      .at(-1)?.body ?? 'null',
  );
export const rowOf = (text: string) =>
  screen.getAllByRole('row').find((r) => r.textContent?.includes(text)) as HTMLElement;
export const field = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
