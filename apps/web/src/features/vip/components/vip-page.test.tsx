import { VIP_PATHS, type VipConfigResponse, type VipLevelConfig } from '@kaixiang/shared/vip';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '../../../lib/session.ts';
import { getToasts } from '../../../lib/toast.ts';
import { accountHandlers, TOKENS } from '../../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest, mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { vipProgressPercent } from '../vip-progress.ts';

const level = (n: number, isComplete: 0 | 1 | 2): VipLevelConfig => ({
  id: 100 + n,
  level: n,
  recharge_num: n * 1_000_000,
  upgrade_num: n === 0 ? 0 : 1_000_000,
  upgrade_desc: '',
  award_desc: n * 50,
  award: { coins: n * 20_000 },
  red_packet: n * 10_000,
  isComplete,
});

function config(completes: (0 | 1 | 2)[], redPacketClaimed = false): VipConfigResponse {
  return {
    red_packet_claimed: redPacketClaimed,
    level_vip_configs: completes.map((c, n) => level(n, c)),
    vip_level: 2,
    vip_exp: 2_500_000,
    recharge_num: 2_500_000,
    next_level_need: 500_000,
  };
}

const claims = (requests: MockRequest[]) =>
  requests.filter((r) => r.url.pathname === `/api${VIP_PATHS.award}`).map((r) => JSON.parse(r.body));

function openVip(overrides: Record<string, MockHandler>) {
  storeSession(TOKENS);
  const api = mockApi(accountHandlers(overrides));
  renderApp('/vip');
  return api;
}

describe('VIP page', () => {
  it('lists the claimed upgrade rewards under the table, newest first', async () => {
    openVip({
      [VIP_PATHS.config]: () => config([1, 1, 0, 2]),
      [VIP_PATHS.history]: () => ({
        list: [{ id: 7, level: 1, amount: 20_000, created_at: 1_763_700_000_000 }],
        total: 1,
      }),
    });
    const rows = await screen.findAllByTestId('vip-history-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('VIP1')).toBeTruthy();
    expect(rows[0]?.querySelectorAll('td')[2]?.textContent).toBe('¥2.00');
    expect(screen.getByRole('region', { name: '升级奖励领取记录' })).toBeTruthy();
  });

  it('claims this month’s red packet of the current level once, then shows it claimed', async () => {
    let claimed = false;
    const { requests } = openVip({
      [VIP_PATHS.config]: () => config([1, 1, 1, 2], claimed),
      [VIP_PATHS.redPacket]: () => {
        claimed = true;
        return { get_money: 20_000, level: 2, money: 1_254_599 };
      },
    });
    // V2's red packet is ¥2.00 in this table.
    fireEvent.click(await screen.findByRole('button', { name: '领取本月专属红包 ¥2.00' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('已领取专属红包 ¥2.00'));
    const done = await screen.findByRole('button', { name: '本月专属红包已领取' });
    expect(done).toHaveProperty('disabled', true);
    expect(requests.filter((r) => r.url.pathname === `/api${VIP_PATHS.redPacket}`)).toHaveLength(1);
  });

  it('shows every level with its amounts, bonus and state, and the progress toward the next level', async () => {
    openVip({ [VIP_PATHS.config]: () => config([1, 0, 0, 2]) });
    const row = await screen.findByTestId('vip-row-2');
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      'VIP2',
      '¥200.00',
      '¥100.00',
      '¥4.00',
      '1%',
      '¥2.00',
      '领取',
    ]);
    expect(within(screen.getByTestId('vip-row-0')).getByRole('button', { name: '已领取' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(screen.getByTestId('vip-row-3')).getByRole('button', { name: '未达到' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByTestId('vip-row-1').querySelectorAll('td')[4]?.textContent).toBe('0.5%');
    expect(screen.getByRole('progressbar', { name: 'VIP等级进度' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('累计经验 250.00，距离 VIP3 还需充值 ¥50.00')).toBeTruthy();
  });

  it('claims one level by its id, says how much, and shows the new balance', async () => {
    let claimed = false;
    const { requests } = openVip({
      [VIP_PATHS.config]: () => config([1, claimed ? 1 : 0, 0, 2]),
      [VIP_PATHS.award]: () => {
        claimed = true;
        return { get_money: 20_000, levels: [1], vip_level: 2, money: 1_254_599 };
      },
    });
    const row = await screen.findByTestId('vip-row-1');
    fireEvent.click(within(row).getByRole('button', { name: '领取' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('领取成功，获得金币 2.00'));
    expect(claims(requests)).toEqual([{ vip_award_id: 101 }]);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('125.45'));
    await waitFor(() =>
      expect(within(screen.getByTestId('vip-row-1')).getByRole('button', { name: '已领取' })).toBeTruthy(),
    );
  });

  it('claims every reached level at once with 一键领取', async () => {
    const { requests } = openVip({
      [VIP_PATHS.config]: () => config([1, 0, 0, 2]),
      [VIP_PATHS.award]: () => ({ get_money: 60_000, levels: [1, 2], vip_level: 2, money: 1_294_599 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '一键领取' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('领取成功，获得金币 6.00'));
    expect(claims(requests)).toEqual([{}]);
  });

  it("shows the server's refusal", async () => {
    openVip({
      [VIP_PATHS.config]: () => config([1, 0, 2, 2]),
      [VIP_PATHS.award]: () => fail(4402, '暂无可领取的VIP奖励', 409),
    });
    const row = await screen.findByTestId('vip-row-1');
    expect(screen.queryByRole('button', { name: '一键领取' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '领取' }));
    await waitFor(() => expect(getToasts().at(-1)?.message).toBe('暂无可领取的VIP奖励'));
  });
});

describe('VIP progress', () => {
  const levels = config([1, 1, 1, 1]).level_vip_configs;
  it('fills 10 % per level plus the share of the way to the next one', () => {
    expect(vipProgressPercent(levels, 0, 0)).toBe(0);
    expect(vipProgressPercent(levels, 1, 1_500_000)).toBe(15);
    expect(vipProgressPercent(levels, 3, 3_000_000)).toBe(30);
    expect(vipProgressPercent(levels, 10, 0)).toBe(100);
  });
});
