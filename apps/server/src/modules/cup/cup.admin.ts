import type {
  AdminCupFixture,
  AdminCupFixtureInput,
  AdminCupFixtureUpdate,
  AdminCupSettleInput,
  AdminCupTournament,
  AdminCupTournamentInput,
  AdminCupTournamentUpdate,
  CupResult,
  CupTournamentState,
} from '@kaixiang/shared/cup';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { boardsRepo } from '../boards/boards.repo.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { cupRepo, type FixtureRow, type PickStats, type TournamentRow, type TournamentStats } from './cup.repo.ts';
import { CUP_BOARD, cupPeriod, fixtureState } from './cup.service.ts';

export function adminTournamentView(t: TournamentRow, s: TournamentStats | undefined): AdminCupTournament {
  return {
    id: t.id,
    title_zh_cn: t.titleZhCn,
    title_zh_tw: t.titleZhTw,
    title_en: t.titleEn,
    rules_zh_cn: t.rulesZhCn,
    rules_zh_tw: t.rulesZhTw,
    rules_en: t.rulesEn,
    state: t.state as CupTournamentState,
    fixtures: s?.fixtures ?? 0,
    predictions: s?.predictions ?? 0,
    staked: s?.staked ?? 0,
    paid: s?.paid ?? 0,
    updated_at: t.updatedAt.getTime(),
  };
}

export function adminFixtureView(f: FixtureRow, s: PickStats | undefined, nowMs: number): AdminCupFixture {
  const picks = s?.picks ?? { home: 0, draw: 0, away: 0 };
  return {
    id: f.id,
    tournament_id: f.tournamentId,
    stage_zh_cn: f.stageZhCn,
    stage_zh_tw: f.stageZhTw,
    stage_en: f.stageEn,
    home_zh_cn: f.homeZhCn,
    home_zh_tw: f.homeZhTw,
    home_en: f.homeEn,
    home_flag: f.homeFlag,
    away_zh_cn: f.awayZhCn,
    away_zh_tw: f.awayZhTw,
    away_en: f.awayEn,
    away_flag: f.awayFlag,
    kickoff_at: f.kickoffAt.getTime(),
    odds_home_bp: f.oddsHomeBp,
    odds_draw_bp: f.oddsDrawBp,
    odds_away_bp: f.oddsAwayBp,
    max_stake: f.maxStake,
    result: f.result as CupResult | null,
    state: fixtureState(f, nowMs),
    settled_at: f.settledAt?.getTime() ?? null,
    predictions: picks.home + picks.draw + picks.away,
    staked: s ? { ...s.staked } : { home: 0, draw: 0, away: 0 },
    paid: s?.paid ?? 0,
    updated_at: f.updatedAt.getTime(),
  };
}

const tournamentColumns = (input: AdminCupTournamentInput) => ({
  titleZhCn: input.title_zh_cn,
  titleZhTw: input.title_zh_tw,
  titleEn: input.title_en,
  rulesZhCn: input.rules_zh_cn,
  rulesZhTw: input.rules_zh_tw,
  rulesEn: input.rules_en,
  state: input.state,
});

/** The latest kick-off a fixture may name: a year ahead is plenty, and keeps the date a real one. */
const KICKOFF_HORIZON_MS = 366 * 24 * 3600 * 1000;

/** Two different teams (by their zh-CN names), kicking off after `nowMs` (within a year). */
function checkFixture(input: Omit<AdminCupFixtureInput, 'tournament_id'>, nowMs: number): void {
  if (input.home_zh_cn.trim() === input.away_zh_cn.trim()) throw new AppError('CUP_FIXTURE_INVALID');
  if (input.kickoff_at <= nowMs || input.kickoff_at > nowMs + KICKOFF_HORIZON_MS) {
    throw new AppError('CUP_FIXTURE_INVALID');
  }
}

const fixtureColumns = (input: Omit<AdminCupFixtureInput, 'tournament_id' | 'reason'>) => ({
  stageZhCn: input.stage_zh_cn,
  stageZhTw: input.stage_zh_tw,
  stageEn: input.stage_en,
  homeZhCn: input.home_zh_cn,
  homeZhTw: input.home_zh_tw,
  homeEn: input.home_en,
  homeFlag: input.home_flag,
  awayZhCn: input.away_zh_cn,
  awayZhTw: input.away_zh_tw,
  awayEn: input.away_en,
  awayFlag: input.away_flag,
  kickoffAt: new Date(input.kickoff_at),
  oddsHomeBp: input.odds_home_bp,
  oddsDrawBp: input.odds_draw_bp,
  oddsAwayBp: input.odds_away_bp,
  maxStake: input.max_stake,
});

/**
 * The world cup's admin API (docs/promotions/world-cup.md "Admin API"): tournaments, their fixtures
 * and results. Each change is checked, made and recorded in the audit log with who made it, in one
 * transaction: a refused change records nothing. A result pays every right pick in the same
 * transaction, under the fixture's row lock: entered twice at once, it pays once.
 */
export function createCupAdmin(deps: {
  db: Db;
  clock: Clock;
  ledger: Pick<Ledger, 'transaction'>;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  async function tournamentView(tx: Db | Tx, t: TournamentRow): Promise<AdminCupTournament> {
    return adminTournamentView(t, (await cupRepo.tournamentStats(tx, [t.id])).get(t.id));
  }

  async function fixtureView(tx: Db | Tx, f: FixtureRow, nowMs: number): Promise<AdminCupFixture> {
    return adminFixtureView(f, (await cupRepo.pickStats(tx, [f.id])).get(f.id), nowMs);
  }

  return {
    async tournaments(): Promise<{ list: AdminCupTournament[] }> {
      const [rows, stats] = await Promise.all([cupRepo.tournaments(db, false), cupRepo.tournamentStats(db)]);
      return { list: rows.map((t) => adminTournamentView(t, stats.get(t.id))) };
    },

    createTournament(who: AdminActor, input: AdminCupTournamentInput): Promise<AdminCupTournament> {
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const made = await cupRepo.insertTournament(tx, {
          ...tournamentColumns(input),
          createdAt: now,
          updatedAt: now,
        });
        const after = await tournamentView(tx, made);
        await recordAudit(
          tx,
          who,
          { action: 'cup.tournament.create', target: `cup_tournament:${made.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    updateTournament(who: AdminActor, input: AdminCupTournamentUpdate): Promise<AdminCupTournament> {
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const row = await cupRepo.lockTournament(tx, input.id);
        if (!row) throw new AppError('CUP_TOURNAMENT_NOT_FOUND');
        const before = await tournamentView(tx, row);
        // A tournament players have predicted in stays in their sight: it may close (archived), not hide.
        if (input.state === 'draft' && row.state !== 'draft' && before.predictions > 0) {
          throw new AppError('CUP_TOURNAMENT_PREDICTED');
        }
        const changed = await cupRepo.updateTournament(tx, row.id, { ...tournamentColumns(input), updatedAt: now });
        const after = await tournamentView(tx, changed);
        await recordAudit(
          tx,
          who,
          { action: 'cup.tournament.update', target: `cup_tournament:${row.id}`, before, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    async fixtures(q: { tournament_id: number }): Promise<{ list: AdminCupFixture[] }> {
      const nowMs = clock.now();
      if (!(await cupRepo.tournament(db, q.tournament_id))) throw new AppError('CUP_TOURNAMENT_NOT_FOUND');
      const rows = await cupRepo.fixtures(db, q.tournament_id);
      const stats = await cupRepo.pickStats(
        db,
        rows.map((f) => f.id),
      );
      return { list: rows.map((f) => adminFixtureView(f, stats.get(f.id), nowMs)) };
    },

    createFixture(who: AdminActor, input: AdminCupFixtureInput): Promise<AdminCupFixture> {
      return deps.transaction(async (tx) => {
        const nowMs = clock.now();
        const now = new Date(nowMs);
        if (!(await cupRepo.tournament(tx, input.tournament_id))) throw new AppError('CUP_TOURNAMENT_NOT_FOUND');
        checkFixture(input, nowMs);
        const made = await cupRepo.insertFixture(tx, {
          tournamentId: input.tournament_id,
          ...fixtureColumns(input),
          createdAt: now,
          updatedAt: now,
        });
        const after = await fixtureView(tx, made, nowMs);
        await recordAudit(
          tx,
          who,
          { action: 'cup.fixture.create', target: `cup_fixture:${made.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    /**
     * Before kick-off and without a result only: the predictions already taken keep the odds they
     * were taken at. The draw cannot be taken away once someone has picked it.
     */
    updateFixture(who: AdminActor, input: AdminCupFixtureUpdate): Promise<AdminCupFixture> {
      return deps.transaction(async (tx) => {
        const nowMs = clock.now();
        const now = new Date(nowMs);
        const row = await cupRepo.lockFixture(tx, input.id);
        if (!row) throw new AppError('CUP_FIXTURE_NOT_FOUND');
        if (row.result !== null || nowMs >= row.kickoffAt.getTime()) throw new AppError('CUP_FIXTURE_LOCKED');
        checkFixture(input, nowMs);
        const before = await fixtureView(tx, row, nowMs);
        if (input.odds_draw_bp === null && before.staked.draw > 0) throw new AppError('CUP_DRAW_PICKED');
        const changed = await cupRepo.updateFixture(tx, row.id, { ...fixtureColumns(input), updatedAt: now });
        const after = await fixtureView(tx, changed, nowMs);
        await recordAudit(
          tx,
          who,
          { action: 'cup.fixture.update', target: `cup_fixture:${row.id}`, before, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    /**
     * Enters a fixture's result and settles every open prediction at once, in one transaction
     * under the fixture's row lock: right picks are paid stake × odds (cup_payout), wrong ones
     * lost, a void refunds every stake (cup_refund); the tournament's board counts each settled
     * pick. A second settlement, at once or later, finds the result set and pays nothing; the
     * ledger keys (one per prediction) would refuse a second payment anyway.
     */
    settle(who: AdminActor, input: AdminCupSettleInput): Promise<AdminCupFixture> {
      return deps.ledger.transaction(async ({ tx, now, post }) => {
        const nowMs = now.getTime();
        const row = await cupRepo.lockFixture(tx, input.id);
        if (!row) throw new AppError('CUP_FIXTURE_NOT_FOUND');
        if (row.result !== null) throw new AppError('CUP_RESULT_ALREADY_SET');
        if (input.result !== 'void' && nowMs < row.kickoffAt.getTime()) throw new AppError('CUP_NOT_KICKED_OFF');
        if (input.result === 'draw' && row.oddsDrawBp === null) throw new AppError('CUP_NO_DRAW');
        const before = await fixtureView(tx, row, nowMs);
        const settled = await cupRepo.updateFixture(tx, row.id, {
          result: input.result,
          settledAt: now,
          updatedAt: now,
        });
        const period = cupPeriod(row.tournamentId);
        for (const p of await cupRepo.settlePredictions(tx, row.id, input.result, now)) {
          // A void pick gets its stake back, a right one stake × odds (a payout of 0 moves nothing).
          if (p.payout > 0) {
            const kind = p.status === 'void' ? 'cup_refund' : 'cup_payout';
            await post({
              kind,
              key: `${kind}:${p.id}`,
              currency: 'point',
              memo: `cup_fixture:${row.id}`,
              legs: [
                { account: { house: 'predictions' }, amount: -p.payout },
                { account: { userId: p.userId }, amount: p.payout },
              ],
            });
          }
          if (p.status === 'void') continue;
          await boardsRepo.add(tx, {
            board: CUP_BOARD,
            period,
            userId: p.userId,
            score: p.status === 'won' ? p.payout : 0,
            plays: 1,
            at: now,
          });
        }
        const after = await fixtureView(tx, settled, nowMs);
        await recordAudit(
          tx,
          who,
          { action: 'cup.fixture.settle', target: `cup_fixture:${row.id}`, before, after, reason: input.reason },
          now,
        );
        return after;
      });
    },
  };
}

export type CupAdmin = ReturnType<typeof createCupAdmin>;
