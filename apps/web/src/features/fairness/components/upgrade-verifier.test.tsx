import { UPGRADE_PATHS, type UserUpgradeEntry } from '@kaixiang/shared/upgrade';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { upgradeEntry } from '../upgrade-fixture.ts';
import { FairnessPage } from './fairness-page.tsx';

/** The player's upgrades, newest first, paged as the API pages them. */
function open(path: string, records: UserUpgradeEntry[], loggedIn = true) {
  if (loggedIn) storeSession(TOKENS);
  const api = mockApi(
    accountHandlers({
      [UPGRADE_PATHS.userHistory]: (req) => {
        const page = Number(req.url.searchParams.get('page') ?? 1);
        const size = Number(req.url.searchParams.get('page_size') ?? 20);
        return { list: records.slice((page - 1) * size, page * size), total: records.length };
      },
    }),
  );
  renderWithProviders(<FairnessPage />, path);
  return api;
}

const panel = () => screen.getByRole('region', { name: '验证装备升级' });
const mark = (key: string) =>
  within(screen.getByTestId(`upgrade-check-${key}`))
    .getByRole('img')
    .getAttribute('aria-label');

describe('upgrade verifier', () => {
  it('verifies the upgrade the upgrade screen linked to (?upgrade=), searching the player’s own records', async () => {
    // 150 records, newest first: #41 is on the second page of 100.
    const records = Array.from({ length: 150 }, (_, i) => upgradeEntry(190 - i, i % 2 === 0));
    const target = records.find((r) => r.id === 41) as UserUpgradeEntry;
    const { requests } = open('/fairness?upgrade=41', records);
    const outcome = await screen.findByTestId('upgrade-verify');
    expect(within(outcome).getByRole('heading').textContent).toBe(
      '升级 #41 · AK-47 | 红线 · 全部一致：这次升级的结果由公开的种子算出',
    );
    expect(['seedHash', 'roll', 'outcome'].map(mark)).toEqual(['通过', '通过', '通过']);
    const cmp = target.success ? '<' : '≥';
    const result = target.success ? '成功' : '失败';
    expect(within(outcome).getByText(`${target.proof.roll} ${cmp} 285000（成功率 28.50%）→ ${result}`)).toBeTruthy();
    expect((within(panel()).getByLabelText('升级编号') as HTMLInputElement).value).toBe('41');
    const searched = requests
      .filter(
        (r) => r.url.pathname.endsWith(UPGRADE_PATHS.userHistory) && r.url.searchParams.get('page_size') === '100',
      )
      .map((r) => r.url.searchParams.get('page'));
    expect(searched).toEqual(['1', '2']);
  });

  it('checks one picked from the list, shows ✗ for a tampered record and waits for an unrevealed seed', async () => {
    const won = upgradeEntry(12, true);
    const forged = { ...upgradeEntry(11, false), success: true };
    const hidden = upgradeEntry(10, true, false);
    open('/fairness', [won, forged, hidden]);
    fireEvent.click(await within(panel()).findByRole('button', { name: '验证升级 12' }));
    expect(within(screen.getByTestId('upgrade-verify')).getByText(/全部一致/)).toBeTruthy();

    fireEvent.click(within(panel()).getByRole('button', { name: '验证升级 11' }));
    expect(within(screen.getByTestId('upgrade-verify')).getByText(/有不一致的结果/)).toBeTruthy();
    expect(['seedHash', 'roll', 'outcome'].map(mark)).toEqual(['通过', '通过', '不一致']);

    fireEvent.click(within(panel()).getByRole('button', { name: '验证升级 10' }));
    const waiting = screen.getByTestId('upgrade-hidden');
    expect(within(waiting).getByText(/还未公开/)).toBeTruthy();
    expect(screen.queryByTestId('upgrade-check-roll')).toBeNull();
  });

  it('says so when the number is not among the player’s upgrades', async () => {
    open('/fairness', [upgradeEntry(12, true)]);
    await within(panel()).findByRole('button', { name: '验证升级 12' });
    fireEvent.change(within(panel()).getByLabelText('升级编号'), { target: { value: '99' } });
    fireEvent.click(within(panel()).getByRole('button', { name: '验证升级' }));
    expect(await within(panel()).findByText('你的升级记录中没有编号 99')).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    open('/fairness?upgrade=41', [], false);
    expect(await within(panel()).findByText('登录后即可验证你的升级记录')).toBeTruthy();
  });
});
