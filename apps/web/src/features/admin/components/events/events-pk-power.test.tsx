import { ADMIN_BOARDS_PATHS } from '@kaixiang/shared/boards';
import { ERRORS, errorMessage } from '@kaixiang/shared/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type MockHandler } from '../../../../test/mock-api.ts';
import { localDateTime } from '../../format.ts';
import { callsTo } from '../../test-fixtures.ts';
import { DAY, field, lastBody, msAt, NOW, openEvents, pkEvent, rowOf } from './events-test-kit.ts';

const LIST = {
  list: [
    pkEvent(4),
    pkEvent(3, {
      title_zh_cn: '十一PK战力赛',
      title_zh_tw: '',
      title_en: '',
      starts_at: NOW - 10 * DAY,
      ends_at: NOW - 3 * DAY,
      state: 'ended',
      closed: true,
      players: 57,
      prizes: [],
    }),
  ],
};

const open = (overrides: Record<string, MockHandler> = {}) =>
  openEvents({ [ADMIN_BOARDS_PATHS.pkPowerEvents]: () => LIST, ...overrides });

async function openTab() {
  fireEvent.click(await screen.findByRole('tab', { name: 'PK战力' }));
  await screen.findByText('双十二PK战力赛 / 雙十二PK戰力賽 / Double 12 PK power');
}

describe('the boards and events section: PK power', () => {
  it('lists the activities with their window, powers, prizes, state, close and players', async () => {
    open();
    await openTab();
    const next = rowOf('Double 12 PK power');
    expect(next.textContent).toContain(`${localDateTime(NOW + DAY)} – ${localDateTime(NOW + 8 * DAY)}`);
    expect(next.textContent).toContain('开房 +1 · 获胜 +3');
    expect(next.textContent).toContain('第 1 名 ¥500.00第 2 名 ¥100.00');
    expect(within(next).getByText('未开始')).toBeTruthy();
    expect(within(next).getByRole('button', { name: '编辑' })).toBeTruthy();
    const past = rowOf('十一PK战力赛');
    expect(within(past).getByText('已结束')).toBeTruthy();
    expect(within(past).getByText('已发奖')).toBeTruthy();
    expect(within(past).getByText('不发奖')).toBeTruthy();
    expect(past.querySelectorAll('td')[6]?.textContent).toBe('57');
    // An ended activity cannot change (PK_POWER_EVENT_ENDED): no edit offered.
    expect(within(past).queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('creates an activity with the exact body (yuan → units), and reads the list again', async () => {
    const { requests } = open({ [ADMIN_BOARDS_PATHS.createPkPowerEvent]: () => pkEvent(5) });
    await openTab();
    const reads = callsTo(requests, ADMIN_BOARDS_PATHS.pkPowerEvents).length;
    fireEvent.click(screen.getByRole('button', { name: '新建活动' }));
    const dialog = await screen.findByRole('dialog', { name: '新建PK战力活动' });
    field(dialog, '标题（简体中文）', ' 元旦PK战力赛 ');
    field(dialog, '标题（英文）', 'New year PK power');
    field(dialog, '开始时间', '2027-01-01T00:00');
    field(dialog, '结束时间', '2026-12-31T00:00');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    // The server's own sentence for a window that ends before it starts, before anything is sent.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      errorMessage('PK_POWER_EVENT_TIME_INVALID', 'zh-CN'),
    );
    expect(callsTo(requests, ADMIN_BOARDS_PATHS.createPkPowerEvent)).toHaveLength(0);
    field(dialog, '结束时间', '2027-01-03T22:00');
    field(dialog, '创建对战得战力（对战结束后）', '2');
    field(dialog, '赢得对战得战力', '5');
    field(dialog, '第 1 名奖金（元）', '1000');
    fireEvent.click(within(dialog).getByRole('button', { name: '加一个名次' }));
    field(dialog, '第 2 名奖金（元）', '0.5');
    field(dialog, '原因（选填，记入操作日志）', '元旦活动');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(requests, ADMIN_BOARDS_PATHS.createPkPowerEvent)).toEqual({
      title_zh_cn: '元旦PK战力赛',
      title_zh_tw: '',
      title_en: 'New year PK power',
      starts_at: msAt('2027-01-01T00:00'),
      ends_at: msAt('2027-01-03T22:00'),
      create_power: 2,
      win_power: 5,
      prizes: [10_000_000, 5_000],
      reason: '元旦活动',
    });
    await waitFor(() => expect(callsTo(requests, ADMIN_BOARDS_PATHS.pkPowerEvents).length).toBeGreaterThan(reads));
  });

  it('edits an activity, showing the server’s refusal in its words and keeping the dialog', async () => {
    const refusal = errorMessage('PK_POWER_EVENT_OVERLAP', 'zh-CN');
    const { requests } = open({
      [ADMIN_BOARDS_PATHS.updatePkPowerEvent]: () => fail(ERRORS.PK_POWER_EVENT_OVERLAP.code, refusal, 409),
    });
    await openTab();
    fireEvent.click(within(rowOf('Double 12 PK power')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑PK战力活动 #4' });
    expect((within(dialog).getByLabelText('第 2 名奖金（元）') as HTMLInputElement).value).toBe('100');
    field(dialog, '赢得对战得战力', '-1');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('战力须为 0 到 1000000 的整数');
    field(dialog, '赢得对战得战力', '4');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    const event = pkEvent(4);
    expect(lastBody(requests, ADMIN_BOARDS_PATHS.updatePkPowerEvent)).toEqual({
      id: 4,
      title_zh_cn: event.title_zh_cn,
      title_zh_tw: event.title_zh_tw,
      title_en: event.title_en,
      // The form keeps minutes: the saved moments come back to the minute.
      starts_at: msAt(localInputOf(event.starts_at)),
      ends_at: msAt(localInputOf(event.ends_at)),
      create_power: 1,
      win_power: 4,
      prizes: [5_000_000, 1_000_000],
      reason: '',
    });
    expect(screen.getByRole('dialog', { name: '编辑PK战力活动 #4' })).toBeTruthy();
  });
});

/** The form's own reading of a saved moment (format.ts localInput), written out so the test does not borrow it. */
function localInputOf(ms: number) {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
