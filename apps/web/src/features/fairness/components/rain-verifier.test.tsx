import { RAIN_PATHS, type RainRoundDetail } from '@kaixiang/shared/rain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localBeaconUrl } from '../../../test/fixtures.ts';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { RECIPE_EXAMPLES as X } from '../recipe/examples.ts';
import { FairnessPage } from './fairness-page.tsx';

const x = X.rain;
/** The recipe's worked rain round as the server answers it once ended: three grabs, in order. */
const ended: RainRoundDetail = {
  round_id: x.roundId,
  start_time: X.beacon.closedAt + 60_000,
  end_time: X.beacon.closedAt + 120_000,
  count: x.count,
  pool: x.pool,
  remaining: x.count - 3,
  conditions: { min_vip_level: 0, recharge_days: 0 },
  server_seed_hash: x.serverSeedHash,
  packets_hash: x.listHash,
  min_packet: x.min,
  state: 'ended',
  server_seed: x.serverSeed,
  beacon_round: X.beacon.local.round,
  public_seed: x.publicSeed,
  beacon_url: localBeaconUrl(X.beacon.local.round),
  committed_at: X.beacon.closedAt,
  packets: x.packets,
  grabs: [0, 1, 2].map((index) => ({
    index,
    user_id: 500 + index,
    nick_name: ['小李', '老赵', '阿明'][index] ?? '',
    amount: x.packets[index] ?? 0,
    grabbed_at: X.beacon.closedAt + 61_000,
  })),
};

function open(path: string, rounds: Record<string, RainRoundDetail>) {
  mockApi({
    [RAIN_PATHS.round]: (req) =>
      rounds[req.url.searchParams.get('round_id') ?? ''] ?? fail(4705, '没有这一轮红包雨', 404),
  });
  renderWithProviders(<FairnessPage />, path);
}

const panel = () => screen.findByRole('region', { name: '验证一轮红包雨' });
const marks = async () => {
  const outcome = await within(await panel()).findByTestId('rain-verify');
  return within(outcome)
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('is-ok') || li.classList.contains('is-bad'))
    .map((li) => `${li.classList.contains('is-ok') ? '✓' : '✗'} ${li.querySelector('strong')?.textContent}`);
};

describe('rain verifier', () => {
  it('regenerates the packets of a round opened with ?rain= and holds every grab to its place, every check ✓', async () => {
    open(`/fairness?rain=${x.roundId}`, { [x.roundId]: ended });
    const outcome = await within(await panel()).findByTestId('rain-verify');
    expect(outcome.textContent).toContain(`第 ${x.roundId} 轮红包雨 · 全部一致`);
    expect(await marks()).toEqual([
      '✓ SHA-256(服务端种子) 与创建时公布的哈希一致',
      '✓ 重新生成的 5 个红包（奖池 ¥10.00，每个至少 ¥0.10）与公布的列表一致',
      '✓ 红包列表的哈希与开始时公布的一致',
      '✓ 红包金额之和恰好等于奖池，每个都不低于最低金额',
      '✓ 3 次抢红包：第 n 个抢到的人得到第 n 个红包',
      `✓ 信标第 ${X.beacon.local.round} 轮是服务端种子承诺之后产生的第一轮`,
    ]);
    expect(outcome.textContent).toContain(`第 2 个：老赵 #501 ¥${((x.packets[1] ?? 0) / 10_000).toFixed(4)}`);
  });

  it('marks ✗ a grab paid another packet, and says a round not ended has nothing to check yet', async () => {
    const grabs = ended.grabs ?? [];
    open('/fairness', {
      '1': { ...ended, grabs: [{ ...grabs[0], amount: x.packets[4] } as (typeof grabs)[number], ...grabs.slice(1)] },
      '2': { ...ended, round_id: 2, state: 'running', server_seed: null, packets: null, grabs: null },
    });
    fireEvent.change(await screen.findByLabelText('红包雨轮次'), { target: { value: '1' } });
    fireEvent.click(within(await panel()).getByRole('button', { name: '验证红包雨' }));
    expect((await marks()).filter((m) => m.startsWith('✗'))).toEqual(['✗ 3 次抢红包：第 n 个抢到的人得到第 n 个红包']);
    fireEvent.change(await screen.findByLabelText('红包雨轮次'), { target: { value: '2' } });
    fireEvent.click(within(await panel()).getByRole('button', { name: '验证红包雨' }));
    expect(await within(await panel()).findByText(/第 2 轮红包雨尚未结束/)).toBeTruthy();
  });
});
