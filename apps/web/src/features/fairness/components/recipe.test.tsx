import { DRAND_QUICKNET } from '@kaixiang/shared/beacon';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { RECIPE_EXAMPLES as X } from '../recipe/examples.ts';
import { MESSAGE_TEMPLATES } from '../recipe/templates.ts';
import { FairnessPage } from './fairness-page.tsx';

const recipe = () => screen.findByTestId('recipe');
const codes = (part: HTMLElement) =>
  within(part)
    .getAllByText((_, el) => el?.tagName === 'CODE')
    .map((c) => c.textContent);

describe('the recipe on /fairness', () => {
  it('prints every game’s message field by field and its worked example, in every part', async () => {
    mockApi();
    renderWithProviders(<FairnessPage />, '/fairness');
    const panel = await recipe();
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('自己验证：完整算法');
    // Every text is there: a missing one would show its key.
    expect(panel.textContent).not.toMatch(/fairness\.recipe\./);
    const part = (key: string) => within(panel).getByTestId(`recipe-${key}`);
    expect(codes(part('box'))).toContain(MESSAGE_TEMPLATES.box);
    expect(codes(part('upgrade'))).toContain(MESSAGE_TEMPLATES.upgrade);
    expect(codes(part('wish'))).toEqual(
      expect.arrayContaining([MESSAGE_TEMPLATES.wish, '/api/promotion/v1/wishing-well/records']),
    );
    expect(codes(part('battle'))).toEqual(
      expect.arrayContaining([MESSAGE_TEMPLATES.battle, MESSAGE_TEMPLATES.battleTie]),
    );
    expect(codes(part('turntable'))).toEqual(
      expect.arrayContaining([MESSAGE_TEMPLATES.turntableOuter, MESSAGE_TEMPLATES.turntableInner]),
    );
    expect(codes(part('roll'))).toContain(MESSAGE_TEMPLATES.roll);
    expect(codes(part('treasure'))).toContain(MESSAGE_TEMPLATES.treasure);
    expect(codes(part('beacon'))).toEqual(
      expect.arrayContaining([
        DRAND_QUICKNET.chainHash,
        `https://api.drand.sh/${DRAND_QUICKNET.chainHash}/public/{round}`,
        MESSAGE_TEMPLATES.localBeacon,
        '/api/site/v1/beacon?round={round}',
        '/api/site/v1/beacon/info',
      ]),
    );
    // The sampler's numbers and the beacon's schedule, as the rules have them.
    expect(part('common').textContent).toContain('每 13 位切成一段，共 4 段');
    expect(part('beacon').textContent).toContain('r = floor((T − 1692803367000) / 3000) + 2');
    expect(part('turntable').textContent).toContain('外圈（50）：手枪 12 · 霰弹枪 8 · 手套 3');

    // The worked examples: each value a verifier must reproduce.
    expect(part('box').textContent).toContain(X.box.draw.digest);
    expect(part('box').textContent).toContain(X.box.oddsText);
    expect(within(part('box')).getByText(X.box.draw.pieces[X.box.draw.piece] ?? '', { selector: 'mark' })).toBeTruthy();
    expect(part('box').textContent).toContain(`票号 ${X.box.draw.value} 落在第 2 件 [${X.box.from}, ${X.box.to})`);
    expect(part('upgrade').textContent).toContain(`${X.upgrade.draw.value} < ${X.upgrade.ratePpm}：升级成功`);
    expect(part('wish').textContent).toContain(X.wish.draw.digest);
    expect(part('wish').textContent).toContain(`${X.wish.draw.value} < ${X.wish.chancePpm}：许愿成功`);
    expect(part('wish').textContent).toContain('RTP = 0.2 × 10 ÷ 2.5 = 80%');
    expect(part('wish').textContent).toContain('不能超过 95%');
    expect(part('wish').textContent).toContain('每积分 ¥0.01');
    expect(part('battle').textContent).toContain(X.battle.tie?.draw.message ?? '-');
    expect(part('battle').textContent).toContain(`获胜座位：${X.battle.winner}`);
    expect(part('roll').textContent).toContain(`顺序为 ${X.roll.steps.at(-1)?.order.join(', ')}`);
    expect(part('treasure').textContent).toContain(`持有者 ${X.treasure.holder}`);
    expect(part('beacon').textContent).toContain(`drand：第 ${X.beacon.drand.round} 轮`);
  });

  it('says the same in English', async () => {
    mockApi();
    renderWithProviders(<FairnessPage />, '/fairness');
    await recipe();
    await act(() => i18n.changeLanguage('en-US'));
    const panel = await recipe();
    await within(panel).findByText('Verify it yourself: the complete recipe');
    expect(panel.textContent).not.toMatch(/fairness\.recipe\./);
    expect(within(panel).getByTestId('recipe-common').textContent).toContain('pieces of 13 digits: 4 pieces');
    expect(codes(within(panel).getByTestId('recipe-battle'))).toContain(MESSAGE_TEMPLATES.battleTie);
    const wish = within(panel).getByTestId('recipe-wish');
    expect(codes(wish)).toContain(MESSAGE_TEMPLATES.wish);
    expect(wish.textContent).toContain(`${X.wish.draw.value} < ${X.wish.chancePpm}: the wish comes true`);
    expect(wish.textContent).toContain('above 95%');
  });

  it('says the wishing well’s recipe in traditional Chinese too', async () => {
    mockApi();
    renderWithProviders(<FairnessPage />, '/fairness');
    await recipe();
    await act(() => i18n.changeLanguage('zh-TW'));
    const panel = await recipe();
    await within(panel).findByText('許願池');
    const wish = within(panel).getByTestId('recipe-wish');
    expect(wish.textContent).not.toMatch(/fairness\.recipe\./);
    expect(codes(wish)).toContain(MESSAGE_TEMPLATES.wish);
    expect(wish.textContent).toContain(`${X.wish.draw.value} < ${X.wish.chancePpm}：許願成功`);
    expect(wish.textContent).toContain('每積分 ¥0.01');
  });
});
