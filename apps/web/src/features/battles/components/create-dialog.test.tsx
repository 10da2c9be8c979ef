import { BATTLE_PATHS } from '@kaixiang/shared/battles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, mockApi } from '../../../test/mock-api.ts';
import { BOX_A, BOX_B } from '../test-fixtures.ts';
import { CreateBattleDialog } from './create-dialog.tsx';

const RULE = {
  boxs: [BOX_A, BOX_B],
  max_boxes: 3,
  seats: [2, 3, 4],
  game_modes: [1, 3],
  rules: [1, 2, 3],
  consolation_bp: 100,
};

function renderDialog(extra: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers({ [BATTLE_PATHS.createRule]: () => RULE, ...extra }));
  const router = createMemoryRouter(
    [
      { path: PATHS.vipBattle, element: <CreateBattleDialog open onClose={() => {}} /> },
      { path: PATHS.battleDetails, element: <p>details page</p> },
    ],
    { initialEntries: [PATHS.vipBattle] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...api, router };
}

const lastToast = () => getToasts().at(-1)?.message;
const confirm = () => fireEvent.click(screen.getByRole('button', { name: '确认创建' }));

describe('create battle dialog', () => {
  it('checks the boxes, the limit and the seats with the spec’s messages, in that order', async () => {
    const { requests } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '创建对战' });
    const counter = await within(dialog).findByTestId('box-counter');
    expect(counter.textContent).toBe('0/3');
    confirm();
    expect(lastToast()).toBe('请添加箱子');

    fireEvent.click(within(dialog).getByRole('button', { name: `添加 ${BOX_A.name}` }));
    expect(counter.textContent).toBe('1/3');
    confirm();
    expect(lastToast()).toBe('请选择参与人数');

    for (let i = 0; i < 3; i++) fireEvent.click(within(dialog).getByRole('button', { name: `添加 ${BOX_B.name}` }));
    expect(lastToast()).toBe('请勿超过箱子上限');
    expect(counter.textContent).toBe('3/3');
    expect(requests.some((r) => r.url.pathname.endsWith(BATTLE_PATHS.create))).toBe(false);
  });

  it('offers the team rule with four seats only, and adds up the entry', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '创建对战' });
    const team = await within(dialog).findByRole('button', { name: '2v2 组队' });
    expect((team as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '4 人' }));
    expect((team as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(team);
    expect(team.getAttribute('aria-pressed')).toBe('true');
    // Fewer seats: back to classic.
    fireEvent.click(within(dialog).getByRole('button', { name: '3 人' }));
    expect(within(dialog).getByRole('button', { name: '经典模式' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(dialog).getByRole('button', { name: `添加 ${BOX_A.name}` }));
    fireEvent.click(within(dialog).getByRole('button', { name: `添加 ${BOX_B.name}` }));
    fireEvent.click(within(dialog).getByRole('button', { name: `添加 ${BOX_A.name}` }));
    expect(dialog.querySelector('.battle-create__total-price')?.textContent).toBe('¥30.00');
    fireEvent.click(within(dialog).getByRole('button', { name: `移除第 2 轮的 ${BOX_B.name}` }));
    expect(dialog.querySelector('.battle-create__total-price')?.textContent).toBe('¥25.00');
    expect(within(dialog).getByTestId('box-counter').textContent).toBe('2/3');
    expect(within(dialog).getByText('未获胜的玩家获得入场费 1% 的安慰奖')).toBeTruthy();
  });

  it('creates the room and opens it; a refusal shows the server’s words', async () => {
    let answer: () => unknown = () => fail(1004, '余额不足', 400);
    const { requests, router } = renderDialog({ [BATTLE_PATHS.create]: () => answer() });
    const dialog = await screen.findByRole('dialog', { name: '创建对战' });
    fireEvent.click(await within(dialog).findByRole('button', { name: `添加 ${BOX_B.name}` }));
    fireEvent.click(within(dialog).getByRole('button', { name: `添加 ${BOX_A.name}` }));
    fireEvent.click(within(dialog).getByRole('button', { name: '3 人' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '极速' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '疯狂模式' }));
    confirm();
    await waitFor(() => expect(lastToast()).toBe('余额不足'));
    expect(router.state.location.pathname).toBe(PATHS.vipBattle);

    answer = () => ({ room_id: 77 });
    confirm();
    expect(await screen.findByText('details page')).toBeTruthy();
    expect(router.state.location.search).toBe('?roomID=77');
    const creates = requests.filter((r) => r.url.pathname.endsWith(BATTLE_PATHS.create));
    expect(JSON.parse(creates[1]!.body)).toEqual({ box_ids: [8, 7], user_num: 3, game_mode: 3, rule: 2 });
  });
});
