import { TREASURE_PATHS, type TreasureEndInfo } from '@kaixiang/shared/treasure';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { drawnTreasure } from '../treasure-fixture.ts';
import { FairnessPage } from './fairness-page.tsx';

function open(path: string, treasures: Record<string, TreasureEndInfo>) {
  const { requests } = mockApi({
    [TREASURE_PATHS.endInfo]: (req) =>
      treasures[req.url.searchParams.get('room_id') ?? ''] ?? fail(4680, '夺宝不存在', 404),
  });
  renderWithProviders(<FairnessPage />, path);
  return requests;
}

// The verifiers' texts come with the fairness page's chunk: the panel appears once they are in.
const panel = () => screen.findByRole('region', { name: '验证一次夺宝' });
const marks = async () => {
  const outcome = await within(await panel()).findByTestId('treasure-verify');
  return within(outcome)
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('is-ok') || li.classList.contains('is-bad'))
    .map((li) => `${li.classList.contains('is-ok') ? '✓' : '✗'} ${li.querySelector('strong')?.textContent}`);
};

async function verify(id: string) {
  fireEvent.change(await screen.findByLabelText('夺宝编号'), { target: { value: id } });
  fireEvent.click(within(await panel()).getByRole('button', { name: '验证夺宝' }));
}

describe('treasure verifier', () => {
  it('recomputes the winning card and its holder of a treasure opened with ?treasure=, every check ✓', async () => {
    const drawn = drawnTreasure();
    const requests = open('/fairness?treasure=31', { '31': drawn });
    const outcome = await within(await panel()).findByTestId('treasure-verify');
    expect(outcome.textContent).toContain('31 号夺宝「龙狙夺宝」 · 全部一致');
    expect(await marks()).toEqual([
      '✓ SHA-256(服务端种子) 与创建时公布的哈希一致',
      '✓ 全部 6 张卡片已售出，开奖在全部卡片中进行',
      '✓ 重新算出的中奖卡片与公布的一致',
      '✓ 中奖卡片的持有者与公布的获得者一致',
      `✓ 信标第 ${drawn.beacon_round} 轮是最后一张卡片售出之后产生的第一轮`,
    ]);
    // The local beacon's round 1,900,000,002 comes at second 1,900,000,002: the first after the last card.
    expect(drawn.beacon_round).toBe(1_900_000_002);
    const beacon = within(outcome).getByTestId('beacon-check');
    expect(beacon.textContent).toContain('最后一张卡片售出的时间：2030-03-17T17:46:41.000Z (1900000001000)');
    expect(beacon.textContent).toContain('第 1900000002 轮的产生时间：2030-03-17T17:46:42.000Z (1900000002000)');
    expect(within(beacon).getByRole('link', { name: '查看信标' }).getAttribute('href')).toBe(
      '/api/site/v1/beacon?round=1900000002',
    );
    const card = (drawn.winning_card ?? -1) + 1;
    expect(outcome.textContent).toContain(`计算结果：第 ${card} 张 · 公布结果：第 ${card} 张`);
    expect(outcome.textContent).toContain(`${drawn.winner?.nick_name} #${drawn.winner?.user_id}`);
    expect(requests.some((r) => r.url.pathname.endsWith(TREASURE_PATHS.endInfo))).toBe(true);
  });

  it('marks ✗ a forged seed, and a winning card or winner that the seeds do not give', async () => {
    const drawn = drawnTreasure();
    const card = drawn.winning_card ?? 0;
    // Another holder's card, claimed as the winner.
    const other = drawn.holders.findIndex((h) => h !== drawn.holders[card]);
    const otherHolder = drawn.holders[other] ?? 0;
    open('/fairness', {
      '31': { ...drawn, server_seed: '8'.repeat(64) },
      '32': { ...drawn, winning_card: other, winner: { user_id: otherHolder, nick_name: '冒名者', avatar: '' } },
    });
    await verify('31');
    await expect
      .poll(async () => (await marks()).filter((m) => m.startsWith('✗'))[0])
      .toBe('✗ SHA-256(服务端种子) 与创建时公布的哈希一致');
    expect((await within(await panel()).findByTestId('treasure-verify')).textContent).toContain('有不一致的结果');
    await verify('32');
    await expect
      .poll(async () => (await marks()).filter((m) => m.startsWith('✗')))
      .toEqual(['✗ 重新算出的中奖卡片与公布的一致', '✗ 中奖卡片的持有者与公布的获得者一致']);
  });

  it('says a treasure not drawn has nothing to check yet, a refunded one had no draw, and passes on a refusal', async () => {
    const drawn = drawnTreasure();
    const undrawn = {
      ...drawn,
      state: 1,
      phase: 'full' as const,
      server_seed: null,
      public_seed: null,
      winner: null,
      winning_card: null,
      roll: null,
    };
    open('/fairness', { '31': undrawn, '33': { ...undrawn, room_id: 33, state: 2, phase: 'refunded' as const } });
    await verify('31');
    expect(
      await within(await panel()).findByText('31 号夺宝尚未开奖：服务端种子在开奖后公布，届时即可验证。'),
    ).toBeTruthy();
    await verify('33');
    expect(await within(await panel()).findByText('33 号夺宝截止时未售完，已全额退款，没有开奖。')).toBeTruthy();
    await verify('99');
    expect((await within(await panel()).findByRole('alert')).textContent).toBe('夺宝不存在');
    await verify('abc');
    expect((await within(await panel()).findByRole('alert')).textContent).toBe('请输入夺宝编号');
  });
});
