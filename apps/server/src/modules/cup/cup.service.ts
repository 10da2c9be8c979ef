import type {
  CUP_FIXTURE_STATES,
  CupFixture,
  CupMyPredictionsResponse,
  CupPick,
  CupPrediction,
  CupPredictRequest,
  CupResult,
  CupView,
} from '@kaixiang/shared/cup';
import type { Locale } from '@kaixiang/shared/locale';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { boardList } from '../boards/boards.list.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { assertMayClaim } from '../protection/protection.service.ts';
import { pick } from '../site/site.service.ts';
import { cupRepo, type FixtureRow, type PickStats, type PredictionRow, type TournamentRow } from './cup.repo.ts';

export interface CupDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<Ledger, 'transaction'>;
}

/** The board the predictions rank on, and a tournament's period on it. */
export const CUP_BOARD = 'cup';
export const cupPeriod = (tournamentId: number) => `t:${tournamentId}`;

type FixtureState = (typeof CUP_FIXTURE_STATES)[number];

/** Where a fixture stands at `nowMs`: its result first, then the kick-off. */
export function fixtureState(f: Pick<FixtureRow, 'result' | 'kickoffAt'>, nowMs: number): FixtureState {
  if (f.result === 'void') return 'void';
  if (f.result !== null) return 'settled';
  return nowMs >= f.kickoffAt.getTime() ? 'started' : 'open';
}

export const tournamentTitle = (t: TournamentRow, locale: Locale) =>
  pick({ zhCn: t.titleZhCn, zhTw: t.titleZhTw, en: t.titleEn }, locale);

/** Both teams in the reader's language (an empty zh-TW or English name reads the zh-CN one). */
export function teamsOf(f: FixtureRow, locale: Locale) {
  return {
    home: { name: pick({ zhCn: f.homeZhCn, zhTw: f.homeZhTw, en: f.homeEn }, locale), flag: f.homeFlag },
    away: { name: pick({ zhCn: f.awayZhCn, zhTw: f.awayZhTw, en: f.awayEn }, locale), flag: f.awayFlag },
  };
}

export function predictionView(p: PredictionRow): CupPrediction {
  return {
    id: p.id,
    fixture_id: p.fixtureId,
    pick: p.pick as CupPick,
    stake: p.stake,
    odds_bp: p.oddsBp,
    payout: p.payout,
    status: p.status as CupPrediction['status'],
    created_at: p.createdAt.getTime(),
  };
}

function fixtureView(
  f: FixtureRow,
  stats: PickStats | undefined,
  mine: PredictionRow | undefined,
  nowMs: number,
  locale: Locale,
): CupFixture {
  return {
    id: f.id,
    stage: pick({ zhCn: f.stageZhCn, zhTw: f.stageZhTw, en: f.stageEn }, locale),
    ...teamsOf(f, locale),
    kickoff_at: f.kickoffAt.getTime(),
    odds: { home: f.oddsHomeBp, draw: f.oddsDrawBp, away: f.oddsAwayBp },
    max_stake: f.maxStake,
    result: f.result as CupResult | null,
    state: fixtureState(f, nowMs),
    picks: stats ? { ...stats.picks } : { home: 0, draw: 0, away: 0 },
    mine: mine ? predictionView(mine) : null,
  };
}

/** The odds a pick is taken at, or null when the fixture offers no such pick (a draw where none is). */
export function oddsOf(f: FixtureRow, p: CupPick): number | null {
  if (p === 'home') return f.oddsHomeBp;
  if (p === 'away') return f.oddsAwayBp;
  return f.oddsDrawBp;
}

/**
 * The world cup predictions for players (世界杯竞猜, issue 25; docs/promotions/world-cup.md): a
 * tournament's fixtures with the caller's picks and its board, one prediction per fixture paid in
 * points, and the caller's predictions.
 */
export function createCupService(deps: CupDeps) {
  const { db, clock } = deps;

  /** The tournament to show: the asked one (never a draft), else the newest open, else the newest archived. */
  function chosen(visible: readonly TournamentRow[], id: number | undefined): TournamentRow | null {
    if (id !== undefined) {
      const asked = visible.find((t) => t.id === id);
      if (!asked) throw new AppError('CUP_TOURNAMENT_NOT_FOUND');
      return asked;
    }
    return visible.find((t) => t.state === 'open') ?? visible.find((t) => t.state === 'archived') ?? null;
  }

  return {
    async info(userId: number | null, q: { tournament_id?: number | undefined }, locale: Locale): Promise<CupView> {
      const nowMs = clock.now();
      const visible = await cupRepo.tournaments(db, true);
      const t = chosen(visible, q.tournament_id);
      const tournaments = visible.map((v) => ({
        id: v.id,
        title: tournamentTitle(v, locale),
        state: v.state as CupView['tournaments'][number]['state'],
      }));
      if (!t) return { tournaments, tournament: null, fixtures: [], board: [], me: null };
      const fixtures = await cupRepo.fixtures(db, t.id);
      const ids = fixtures.map((f) => f.id);
      const [stats, mine, board] = await Promise.all([
        cupRepo.pickStats(db, ids),
        userId === null ? Promise.resolve([]) : cupRepo.userPredictions(db, userId, ids),
        boardList(db, CUP_BOARD, cupPeriod(t.id), userId, []),
      ]);
      const mineBy = new Map(mine.map((p) => [p.fixtureId, p]));
      return {
        tournaments,
        tournament: {
          id: t.id,
          title: tournamentTitle(t, locale),
          state: t.state as CupView['tournaments'][number]['state'],
          rules: pick({ zhCn: t.rulesZhCn, zhTw: t.rulesZhTw, en: t.rulesEn }, locale),
        },
        fixtures: fixtures.map((f) => fixtureView(f, stats.get(f.id), mineBy.get(f.id), nowMs, locale)),
        board: board.list,
        me: board.me,
      };
    },

    /**
     * One prediction: checked against the fixture as it stands (share-locked, so a settlement
     * waits for it or it sees the result), then the row and its stake's transfer in one
     * transaction. A refusal (insufficient points included) changes nothing. The odds are copied
     * onto the prediction: a later change by the operator does not touch it.
     */
    async predict(userId: number, input: CupPredictRequest): Promise<CupPrediction> {
      await assertMayClaim(db, userId, clock.now());
      const made = await deps.ledger.transaction(async ({ tx, now, post }) => {
        const found = await cupRepo.fixtureForPredict(tx, input.fixture_id);
        if (!found) throw new AppError('CUP_FIXTURE_NOT_FOUND');
        const { f, state } = found;
        if (state === 'draft') throw new AppError('CUP_TOURNAMENT_NOT_FOUND');
        if (state !== 'open') throw new AppError('CUP_TOURNAMENT_CLOSED');
        if (f.result !== null) throw new AppError('CUP_RESULT_ALREADY_SET');
        if (now.getTime() >= f.kickoffAt.getTime()) throw new AppError('CUP_KICKED_OFF');
        if (!Number.isSafeInteger(input.stake) || input.stake < 1 || input.stake > f.maxStake) {
          throw new AppError('CUP_STAKE_INVALID');
        }
        const oddsBp = oddsOf(f, input.pick);
        if (oddsBp === null) throw new AppError('CUP_NO_DRAW');
        const p = await cupRepo.insertPrediction(tx, {
          fixtureId: f.id,
          userId,
          pick: input.pick,
          stake: input.stake,
          oddsBp,
          createdAt: now,
        });
        if (!p) throw new AppError('CUP_ALREADY_PREDICTED');
        await post(
          {
            kind: 'cup_stake',
            key: `cup_stake:${p.id}`,
            currency: 'point',
            memo: `cup_fixture:${f.id}`,
            legs: [
              { account: { userId }, amount: -p.stake },
              { account: { house: 'predictions' }, amount: p.stake },
            ],
          },
          'CUP_POINTS_INSUFFICIENT',
        );
        return p;
      });
      return predictionView(made);
    },

    async mine(
      userId: number,
      q: { page: number; page_size: number },
      locale: Locale,
    ): Promise<CupMyPredictionsResponse> {
      const { rows, total } = await cupRepo.mine(db, {
        userId,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return {
        list: rows.map(({ p, f, t }) => ({
          ...predictionView(p),
          tournament_title: tournamentTitle(t, locale),
          ...teamsOf(f, locale),
          kickoff_at: f.kickoffAt.getTime(),
          result: f.result as CupResult | null,
        })),
        total,
      };
    },
  };
}

export type CupService = ReturnType<typeof createCupService>;
