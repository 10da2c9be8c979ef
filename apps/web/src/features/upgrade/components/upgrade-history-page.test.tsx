import { UPGRADE_PATHS } from '@kaixiang/shared/upgrade';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS, USER } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { AK, answerFor, myEntry, SERVER_SEED } from '../test-fixtures.ts';
import { UpgradeHistoryPage } from './upgrade-history-page.tsx';

const WON = answerFor({
  target: AK,
  stakeItemIds: [101],
  stakeItemsUnits: 300_000,
  balanceUnits: 12_300,
  win: true,
  moneyAfter: USER.money,
  upgradeId: 41,
});
const LOST = answerFor({
  target: AK,
  stakeItemIds: [],
  stakeItemsUnits: 0,
  balanceUnits: 200_000,
  win: false,
  moneyAfter: USER.money,
  upgradeId: 40,
});

describe('upgrade history page', () => {
  it('lists the player’s upgrades with stake, chance, roll, result, proof and the fairness link', async () => {
    storeSession(TOKENS);
    const { requests } = mockApi(
      accountHandlers({
        [UPGRADE_PATHS.userHistory]: () => ({ list: [myEntry(WON, true), myEntry(LOST, false)], total: 2 }),
      }),
    );
    renderWithProviders(<UpgradeHistoryPage />, '/upgrade/history');
    const rows = await screen.findAllByTestId('upg-mine');
    expect(rows).toHaveLength(2);
    const [won, lost] = rows as [HTMLElement, HTMLElement];
    expect(within(won).getByText('升级成功')).toBeTruthy();
    expect(within(won).getByText('1 件饰品 + ¥1.23')).toBeTruthy();
    expect(within(won).getByText('29.66%')).toBeTruthy();
    expect(within(won).getByText(`${(WON.proof.roll / 10_000).toFixed(4)}%`)).toBeTruthy();
    expect(within(won).getByRole('link', { name: '验证' }).getAttribute('href')).toBe('/fairness?upgrade=41');
    fireEvent.click(within(won).getByText('公平性证明'));
    expect(within(won).getByText(SERVER_SEED)).toBeTruthy();
    expect(within(won).getByText(String(WON.proof.nonce))).toBeTruthy();

    expect(within(lost).getByText('升级失败')).toBeTruthy();
    expect(within(lost).getByText('更换服务端种子后公开')).toBeTruthy();
    const asked = requests.find((r) => r.url.pathname.endsWith(UPGRADE_PATHS.userHistory));
    expect(asked?.url.searchParams.get('page_size')).toBe('20');
  });
});
