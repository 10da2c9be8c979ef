import { describe, expect, it } from 'vitest';
import { addOwnBet, applySelfBets, mergeBetEvent } from './board.ts';
import { bettingRound, withArea } from './test-fixtures.ts';

const at = (info: ReturnType<typeof bettingRound>, area: number) => info.areas.find((a) => a.area === area);

describe('the betting areas between snapshots', () => {
  it('merge frames with max() per area: a late frame never lowers a total', () => {
    const info = withArea(bettingRound(0), 2, { amount: 50_000, users: 2 });
    const newer = mergeBetEvent(info, { round_id: 77, areas: [{ area: 2, amount: 90_000, users: 3 }] });
    expect(at(newer, 2)).toMatchObject({ amount: 90_000, users: 3 });
    const older = mergeBetEvent(newer, { round_id: 77, areas: [{ area: 2, amount: 70_000, users: 4 }] });
    expect(at(older, 2)).toMatchObject({ amount: 90_000, users: 4 });
    expect(mergeBetEvent(newer, { round_id: 76, areas: [{ area: 2, amount: 1e9, users: 9 }] })).toBe(newer);
  });

  it('count the player’s own bet at once, as one more player only the first time', () => {
    const info = withArea(bettingRound(0), 4, { amount: 10_000, users: 1 });
    const once = addOwnBet(info, 4, 20_000);
    expect(at(once, 4)).toMatchObject({ amount: 30_000, users: 2, self: 20_000 });
    const twice = addOwnBet(once, 4, 20_000);
    expect(at(twice, 4)).toMatchObject({ amount: 50_000, users: 2, self: 40_000 });
    expect(twice.selfbets).toEqual([{ area: 4, amount: 40_000 }]);
  });

  it('take the server’s own stakes where they are more than ours, whatever order answers come in', () => {
    const twice = addOwnBet(addOwnBet(bettingRound(0), 4, 20_000), 4, 20_000);
    // The first click's answer comes last: it must not take the second click back off.
    expect(at(applySelfBets(twice, 77, [{ area: 4, amount: 20_000 }]), 4)).toMatchObject({ self: 40_000 });
    // A bet this tab did not count (another tab of the same player).
    const more = applySelfBets(twice, 77, [
      { area: 4, amount: 40_000 },
      { area: 6, amount: 10_000 },
    ]);
    expect(at(more, 6)).toMatchObject({ amount: 10_000, users: 1, self: 10_000 });
    expect(applySelfBets(twice, 78, [{ area: 6, amount: 10_000 }])).toBe(twice);
  });
});
