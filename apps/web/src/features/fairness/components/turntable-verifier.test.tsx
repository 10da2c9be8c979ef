import { TURNTABLE_PATHS, type TurntableRoundResponse } from '@kaixiang/shared/turntable';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { bettingRound, settledRound } from '../turntable-fixture.ts';
import { FairnessPage } from './fairness-page.tsx';

// Round 1207 of the fixture, played by the real rules: the seeds draw M4 (ticket 42 of 50) on the
// outer wheel and ⅔ jackpot (ticket 17 of 100) on the inner ring.
const SETTLED = settledRound();

/** The fairness page for a visitor, with the rounds the API knows by id. */
function open(path: string, rounds: Record<string, TurntableRoundResponse>) {
  const api = mockApi({
    [TURNTABLE_PATHS.round]: (req) => {
      const round = rounds[req.url.searchParams.get('round_id') ?? ''];
      return round ?? fail(4634, '该轮次不存在', 404);
    },
  });
  renderWithProviders(<FairnessPage />, path);
  return api;
}

const panel = () => screen.getByRole('region', { name: '验证一期转盘' });
const mark = (key: string) =>
  within(screen.getByTestId(`turntable-check-${key}`))
    .getByRole('img')
    .getAttribute('aria-label');

function verify(roundId: string) {
  fireEvent.change(within(panel()).getByLabelText('期号'), { target: { value: roundId } });
  fireEvent.click(within(panel()).getByRole('button', { name: '验证转盘' }));
}

describe('turntable verifier', () => {
  it('verifies a round opened from the turntable (?turntable=): the drawn icons, tickets and every check ✓', async () => {
    const { requests } = open('/fairness?turntable=1207', { 1207: SETTLED });
    const outcome = await screen.findByTestId('turntable-verify');
    expect(within(outcome).getByRole('heading').textContent).toBe('第 1207 期 · 全部一致：本期结果由公开的种子算出');
    expect(['seedHash', 'chain', 'outer', 'inner'].map(mark)).toEqual(['通过', '通过', '通过', '通过']);
    expect(within(outcome).queryAllByRole('img', { name: '不一致' })).toHaveLength(0);

    const outer = screen.getByTestId('fair-draw-outer');
    expect(within(outer).getByText('M4')).toBeTruthy();
    expect(within(outer).getByText(/^票号 42 \/ 50/)).toBeTruthy();
    const inner = screen.getByTestId('fair-draw-inner');
    expect(within(inner).getByText('⅔奖池')).toBeTruthy();
    expect(within(inner).getByText(/^票号 17 \/ 100/)).toBeTruthy();

    expect(within(outcome).getByText('种子属于公布的第 3 条哈希链（序号 12）')).toBeTruthy();
    expect(within(outcome).getByText(/连续计算 SHA-256 13 次/)).toBeTruthy();
    // Betting closed 35 ms after its deadline; the local beacon's first round after that is the draw's.
    const beacon = within(outcome).getByTestId('beacon-check');
    expect(within(beacon).getByRole('img').getAttribute('aria-label')).toBe('通过');
    expect(within(beacon).getByText('信标第 1763000016 轮是押注截止之后产生的第一轮')).toBeTruthy();
    expect(within(beacon).getByText('押注截止的时间：2025-11-13T02:13:35.035Z (1763000015035)')).toBeTruthy();
    expect(within(beacon).getByText('押注期限：2025-11-13T02:13:35.000Z (1763000015000)')).toBeTruthy();
    expect(within(beacon).getByText('公共随机数（信标轮次 1763000016）')).toBeTruthy();
    expect(within(beacon).getByRole('link', { name: '查看信标' }).getAttribute('href')).toBe(
      '/api/site/v1/beacon?round=1763000016',
    );
    expect((within(panel()).getByLabelText('期号') as HTMLInputElement).value).toBe('1207');
    const sent = requests.filter((r) => r.url.pathname.endsWith(TURNTABLE_PATHS.round));
    expect(sent.map((r) => r.url.searchParams.get('round_id'))).toEqual(['1207']);
  });

  it('shows ✗ where an announced icon or the revealed seed does not hold up', async () => {
    open('/fairness', {
      // The server claims AK47 (7) though the seeds give M4.
      1207: { ...SETTLED, out_icon: 7 },
      // A seed that is not the one committed for this round.
      1209: { ...SETTLED, round_id: 1209, server_seed: 'ab'.repeat(32) },
    });
    verify('1207');
    const outcome = await screen.findByTestId('turntable-verify');
    expect(within(outcome).getByText(/有不一致的结果/)).toBeTruthy();
    expect(['seedHash', 'chain', 'outer', 'inner'].map(mark)).toEqual(['通过', '通过', '不一致', '通过']);
    expect(within(screen.getByTestId('turntable-check-outer')).getByText('计算结果：M4 · 公布结果：AK47')).toBeTruthy();

    verify('1209');
    expect(await screen.findByText(/第 1209 期/)).toBeTruthy();
    expect(mark('seedHash')).toBe('不一致');
    expect(mark('chain')).toBe('不一致');
  });

  it('says a round not drawn yet will be verifiable after the draw, with no mark at all', async () => {
    const pending = bettingRound();
    open('/fairness', { 1208: pending });
    verify('1208');
    expect((await screen.findByTestId('turntable-pending')).textContent).toContain(
      '第 1208 期尚未开奖：服务端种子在开奖后公布，届时即可验证。',
    );
    expect(within(panel()).getByText(pending.server_seed_hash)).toBeTruthy();
    expect(within(panel()).queryAllByRole('img')).toHaveLength(0);
    expect(within(panel()).queryByRole('alert')).toBeNull();
  });

  it("shows the server's message for an unknown round and asks for a number before asking the server", async () => {
    const { requests } = open('/fairness', {});
    verify('abc');
    expect(within(panel()).getByRole('alert').textContent).toBe('请输入期号');
    expect(requests.some((r) => r.url.pathname.endsWith(TURNTABLE_PATHS.round))).toBe(false);
    verify('999');
    expect((await within(panel()).findByText('该轮次不存在')).getAttribute('role')).toBe('alert');
  });

  it('explains the draw, with each wheel split into ticket runs by its weights', () => {
    open('/fairness', {});
    const scheme = within(panel());
    expect(scheme.getByText(/HMAC_SHA256\(服务端种子, “turntable:公共种子:期号:0:outer:游标”\)/)).toBeTruthy();
    expect(scheme.getByText(/每期种子的 SHA-256 就是上一期的种子/)).toBeTruthy();
    const runs = scheme.getAllByRole('listitem').map((li) => li.textContent);
    expect(runs).toEqual(expect.arrayContaining(['手枪 0–11', '匕首 23', 'C4 48–49', '⅓奖池 0–11', 'C4 20–99']));
    expect(scheme.getByText('外圈（共 50 个票号）')).toBeTruthy();
    expect(scheme.getByText('内圈（共 100 个票号）')).toBeTruthy();
  });
});
