import { ROLL_PATHS, type RollRewardResponse } from '@kaixiang/shared/roll';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { drawnRoom } from '../roll-fixture.ts';
import { FairnessPage } from './fairness-page.tsx';

function open(path: string, rooms: Record<string, RollRewardResponse>) {
  mockApi({
    [ROLL_PATHS.reward]: (req) => rooms[req.url.searchParams.get('room_id') ?? ''] ?? fail(4660, 'ROLL房不存在', 404),
  });
  renderWithProviders(<FairnessPage />, path);
}

const panel = () => screen.getByRole('region', { name: '验证一个ROLL房' });
// The verifiers' texts come with the fairness page's chunk: the panel appears once they are in.
const panelShown = () => screen.findByRole('region', { name: '验证一个ROLL房' });
const marks = async () => {
  const outcome = await within(panel()).findByTestId('roll-verify');
  return within(outcome)
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('is-ok') || li.classList.contains('is-bad'))
    .map((li) => `${li.classList.contains('is-ok') ? '✓' : '✗'} ${li.querySelector('strong')?.textContent}`);
};

describe('roll room verifier', () => {
  it('recomputes every winner of a room opened with ?roll= and marks each check ✓', async () => {
    open('/fairness?roll=21', { '21': drawnRoom(5) });
    expect((await within(await panelShown()).findByTestId('roll-verify')).textContent).toContain('全部一致');
    const room = drawnRoom(5);
    expect(await marks()).toEqual([
      '✓ SHA-256(服务端种子) 与开房时公布的哈希一致',
      '✓ 参与名单（4 人）与其哈希一致',
      '✓ 第 1 件奖品 奖品1 的获得者与公布的一致',
      '✓ 第 2 件奖品 奖品2 的获得者与公布的一致',
      '✓ 第 3 件奖品 奖品3 的获得者与公布的一致',
      '✓ 第 4 件奖品 奖品4 的获得者与公布的一致',
      '✓ 退回房主的奖品（1 件）正是参与人数不足的部分',
      `✓ 信标第 ${room.beacon_round} 轮是参与截止之后产生的第一轮`,
    ]);
    const beacon = within(panel()).getByTestId('beacon-check');
    expect(beacon.textContent).toContain(`参与截止的时间：2026-11-26T20:00:00.120Z (${room.closed_at})`);
    expect(within(beacon).getByRole('link', { name: '查看信标' }).getAttribute('href')).toBe(
      `/api/site/v1/beacon?round=${room.beacon_round}`,
    );
  });

  it('marks ✗ a beacon round that is not the first after entries closed', async () => {
    const room = drawnRoom();
    open('/fairness?roll=21', { '21': { ...room, closed_at: (room.closed_at ?? 0) + 2_000 } });
    expect((await marks()).at(-1)).toBe(`✗ 信标第 ${room.beacon_round} 轮是参与截止之后产生的第一轮`);
    const beacon = within(panel()).getByTestId('beacon-check');
    expect(beacon.textContent).toContain(`按信标的时间表，截止后的第一轮应为第 ${(room.beacon_round ?? 0) + 2} 轮`);
    expect(within(panel()).getByTestId('roll-verify').textContent).toContain('有不一致的结果');
  });

  it('marks ✗ a winner swapped and a seed that is not the committed one', async () => {
    const forged = drawnRoom();
    const [a, b] = forged.list;
    if (!a || !b) throw new Error('fixture');
    forged.list = [{ ...a, winner: b.winner }, { ...b, winner: a.winner }, ...forged.list.slice(2)];
    const wrongSeed = { ...drawnRoom(), server_seed: '6'.repeat(64) };
    open('/fairness', { '21': forged, '22': { ...wrongSeed, room_id: 21 } });
    const input = await screen.findByLabelText('ROLL房号');
    fireEvent.change(input, { target: { value: '21' } });
    fireEvent.click(within(panel()).getByRole('button', { name: '验证ROLL房' }));
    expect((await marks()).filter((m) => m.startsWith('✗'))).toEqual([
      '✗ 第 1 件奖品 奖品1 的获得者与公布的一致',
      '✗ 第 2 件奖品 奖品2 的获得者与公布的一致',
    ]);
    expect(within(panel()).getByTestId('roll-verify').textContent).toContain('有不一致的结果');
    fireEvent.change(input, { target: { value: '22' } });
    fireEvent.click(within(panel()).getByRole('button', { name: '验证ROLL房' }));
    await within(panel()).findByText(/SHA-256\(服务端种子\)/, { selector: 'strong' });
    await expect.poll(async () => (await marks())[0]).toBe('✗ SHA-256(服务端种子) 与开房时公布的哈希一致');
  });

  it('says an undrawn room has nothing to check yet, and shows the server’s refusal of an unknown one', async () => {
    open('/fairness', { '21': { ...drawnRoom(), drawn: false, server_seed: null, list: [] } });
    const input = await screen.findByLabelText('ROLL房号');
    fireEvent.change(input, { target: { value: '21' } });
    fireEvent.click(within(panel()).getByRole('button', { name: '验证ROLL房' }));
    expect(await within(panel()).findByText('21 号房间尚未开奖：服务端种子在开奖后公布，届时即可验证。')).toBeTruthy();
    fireEvent.change(input, { target: { value: '99' } });
    fireEvent.click(within(panel()).getByRole('button', { name: '验证ROLL房' }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe('ROLL房不存在');
  });
});
