import {
  ADMIN_BOARDS_PATHS,
  type AdminBoardSettings,
  type AdminClosuresResponse,
  type AdminPkPowerEvent,
} from '@kaixiang/shared/boards';
import { ADMIN_CUP_PATHS, type AdminCupFixture, type AdminCupTournament } from '@kaixiang/shared/cup';
import { fireEvent, screen, within } from '@testing-library/react';
import { storeSession } from '../../../../lib/session.ts';
import { TOKENS } from '../../../../test/accounts-fixtures.ts';
import { type MockHandler, type MockRequest, mockApi } from '../../../../test/mock-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { ADMIN, callsTo, consoleHandlers, liveSession } from '../../test-fixtures.ts';

// What the Boards & events tests share: test data only, shaped by the contracts (boards.ts, cup.ts).

export const NOW = Date.now();
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Saved prizes: the PK day board pays two ranks, the cases week board is off; the rest were never set. */
export const SETTINGS: AdminBoardSettings = {
  list: [
    { board: 'pk', period: 'day', enabled: true, prizes: [1_000_000, 500_000], updated_at: NOW - DAY },
    { board: 'cases', period: 'week', enabled: false, prizes: [2_000_000], updated_at: NOW - 2 * DAY },
    { board: 'king_value', period: 'day', enabled: true, prizes: [880_000], updated_at: NOW - 3 * DAY },
    // A default the operator never changed: in force, with no time of change.
    { board: 'upgrade', period: 'week', enabled: true, prizes: [3_880_000], updated_at: null },
  ],
};

export const CLOSURES: AdminClosuresResponse = {
  total: 2,
  list: [
    {
      board: 'king_multiple',
      period_key: 'd:2026-11-27',
      closed_at: NOW - HOUR,
      prizes: [{ rank: 1, user_id: 9, nick_name: '阿强', score: 123_500, prize: 880_000 }],
    },
    {
      board: 'pk_power',
      period_key: 'e:3',
      closed_at: NOW - 2 * HOUR,
      prizes: [
        { rank: 1, user_id: 11, nick_name: '小美', score: 42, prize: 2_000_000 },
        { rank: 2, user_id: 12, nick_name: '大刘', score: 40, prize: 1_000_000 },
      ],
    },
  ],
};

export const pkEvent = (id: number, over: Partial<AdminPkPowerEvent> = {}): AdminPkPowerEvent => ({
  id,
  title_zh_cn: '双十二PK战力赛',
  title_zh_tw: '雙十二PK戰力賽',
  title_en: 'Double 12 PK power',
  starts_at: NOW + DAY,
  ends_at: NOW + 8 * DAY,
  create_power: 1,
  win_power: 3,
  prizes: [5_000_000, 1_000_000],
  state: 'upcoming',
  closed: false,
  players: 0,
  updated_at: NOW,
  ...over,
});

export const tournament = (id: number, over: Partial<AdminCupTournament> = {}): AdminCupTournament => ({
  id,
  title_zh_cn: '2026 世界杯',
  title_zh_tw: '2026 世界盃',
  title_en: 'World Cup 2026',
  rules_zh_cn: '猜中按赔率返还积分',
  rules_zh_tw: '',
  rules_en: '',
  state: 'open',
  fixtures: 2,
  predictions: 30,
  staked: 12_000,
  paid: 8_400,
  updated_at: NOW,
  ...over,
});

export const fixture = (id: number, over: Partial<AdminCupFixture> = {}): AdminCupFixture => ({
  id,
  tournament_id: 1,
  stage_zh_cn: '1/8 决赛',
  stage_zh_tw: '1/8 決賽',
  stage_en: 'Round of 16',
  home_zh_cn: '阿根廷',
  home_zh_tw: '阿根廷',
  home_en: 'Argentina',
  home_flag: '🇦🇷',
  away_zh_cn: '法国',
  away_zh_tw: '法國',
  away_en: 'France',
  away_flag: '🇫🇷',
  kickoff_at: NOW + DAY,
  odds_home_bp: 23_500,
  odds_draw_bp: null,
  odds_away_bp: 16_000,
  max_stake: 1_000,
  result: null,
  state: 'open',
  settled_at: null,
  predictions: 12,
  staked: { home: 3_000, draw: 0, away: 2_500 },
  paid: 0,
  updated_at: NOW,
  ...over,
});

/** The console at /admin/events for an admin: the boards tab's calls answered, and `handlers`. */
export function openEvents(handlers: Record<string, MockHandler> = {}) {
  storeSession(TOKENS);
  const api = mockApi(
    consoleHandlers(
      { ...ADMIN, ...liveSession() },
      {
        [ADMIN_BOARDS_PATHS.settings]: () => SETTINGS,
        [ADMIN_BOARDS_PATHS.closures]: () => CLOSURES,
        [ADMIN_BOARDS_PATHS.pkPowerEvents]: () => ({ list: [] }),
        [ADMIN_CUP_PATHS.tournaments]: () => ({ list: [] }),
        ...handlers,
      },
    ),
  );
  return { ...api, ...renderApp('/admin/events') };
}

/** The body of the last POST to `path`. */
export const lastBody = (requests: MockRequest[], path: string) =>
  JSON.parse(
    callsTo(requests, path)
      .filter((r) => r.method === 'POST')
      .at(-1)?.body ?? 'null',
  );
export const rowOf = (text: string) =>
  screen.getAllByRole('row').find((r) => r.textContent?.includes(text)) as HTMLElement;
export const field = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
/** A datetime-local value as the form reads it: the staff member's own time zone. */
export const msAt = (local: string) => new Date(local).getTime();
