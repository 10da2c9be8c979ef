import { z } from 'zod';
import { boardMe, boardRow } from './boards.ts';
import { recordId, recordIdQuery } from './record-id.ts';

export { ADMIN_CUP_PATHS, CUP_PATHS, CUP_ROUTE } from './cup-paths.ts';

/**
 * Contract of the world cup predictions (世界杯竞猜, issue 25; docs/promotions/world-cup.md). The
 * operator enters a tournament's fixtures with fixed odds; a player predicts a fixture's result
 * once, staking points, before kick-off; when the operator enters the result, every right pick is
 * paid at once: stake × odds (the stake included), in points. A void fixture refunds every stake.
 * The tournament's board ranks players by points won (payouts, stakes not taken off). Any later
 * tournament is another row: nothing here is about football's 2026 edition.
 */
export const CUP_PICKS = ['home', 'draw', 'away'] as const;
export type CupPick = (typeof CUP_PICKS)[number];
export const CUP_RESULTS = [...CUP_PICKS, 'void'] as const;
export type CupResult = (typeof CUP_RESULTS)[number];
/** 1× in odds basis points. */
export const ODDS_ONE = 10_000;

export const CUP_TOURNAMENT_STATES = ['draft', 'open', 'archived'] as const;
export type CupTournamentState = (typeof CUP_TOURNAMENT_STATES)[number];

/** open: predictions taken; started: kicked off, waiting for the result; settled; void. */
export const CUP_FIXTURE_STATES = ['open', 'started', 'settled', 'void'] as const;

export const cupQuery = z.object({ tournament_id: recordIdQuery.optional() });

export const cupTeam = z.object({ name: z.string(), flag: z.string() });

export const cupPrediction = z.object({
  id: z.number().int(),
  fixture_id: z.number().int(),
  pick: z.enum(CUP_PICKS),
  /** Points staked. */
  stake: z.number().int(),
  /** The odds when predicted, basis points. */
  odds_bp: z.number().int(),
  /** Points paid back (0 until settled, or when wrong). */
  payout: z.number().int(),
  status: z.enum(['open', 'won', 'lost', 'void']),
  created_at: z.number().int(),
});
export type CupPrediction = z.infer<typeof cupPrediction>;

export const cupFixture = z.object({
  id: z.number().int(),
  /** Group A, round of 16, final … (free text, in the reader's language). */
  stage: z.string(),
  home: cupTeam,
  away: cupTeam,
  kickoff_at: z.number().int(),
  /** Basis points; draw null when the fixture cannot end level (a knockout decided on the day). */
  odds: z.object({ home: z.number().int(), draw: z.number().int().nullable(), away: z.number().int() }),
  max_stake: z.number().int(),
  result: z.enum(CUP_RESULTS).nullable(),
  state: z.enum(CUP_FIXTURE_STATES),
  /** How many picked each result (shown once the fixture is no longer open). */
  picks: z.object({ home: z.number().int(), draw: z.number().int(), away: z.number().int() }),
  mine: cupPrediction.nullable(),
});
export type CupFixture = z.infer<typeof cupFixture>;

export const cupTournamentBrief = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(CUP_TOURNAMENT_STATES),
});

export const cupView = z.object({
  tournaments: z.array(cupTournamentBrief),
  tournament: cupTournamentBrief.extend({ rules: z.string() }).nullable(),
  fixtures: z.array(cupFixture),
  /** Best predictors: score = points won in this tournament, plays = picks settled. */
  board: z.array(boardRow),
  me: boardMe,
});
export type CupView = z.infer<typeof cupView>;

export const cupPredictRequest = z.object({
  fixture_id: recordId,
  pick: z.enum(CUP_PICKS),
  stake: z.number().int(),
});
export type CupPredictRequest = z.infer<typeof cupPredictRequest>;

export const cupMyPredictionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export const cupMyPrediction = cupPrediction.extend({
  tournament_title: z.string(),
  home: cupTeam,
  away: cupTeam,
  kickoff_at: z.number().int(),
  result: z.enum(CUP_RESULTS).nullable(),
});
export const cupMyPredictionsResponse = z.object({ list: z.array(cupMyPrediction), total: z.number().int() });
export type CupMyPredictionsResponse = z.infer<typeof cupMyPredictionsResponse>;

// ---------------------------------------------------------------------------------------------
// Admin

const name = () => z.string().trim().max(40);
const odds = () =>
  z
    .number()
    .int()
    .min(ODDS_ONE)
    .max(100 * ODDS_ONE);

export const adminCupTournamentInput = z.object({
  title_zh_cn: z.string().trim().min(1).max(60),
  title_zh_tw: z.string().trim().max(60).default(''),
  title_en: z.string().trim().max(60).default(''),
  rules_zh_cn: z.string().max(2000).default(''),
  rules_zh_tw: z.string().max(2000).default(''),
  rules_en: z.string().max(2000).default(''),
  state: z.enum(CUP_TOURNAMENT_STATES).default('draft'),
  reason: z.string().max(200).default(''),
});
export type AdminCupTournamentInput = z.infer<typeof adminCupTournamentInput>;
export const adminCupTournamentUpdate = adminCupTournamentInput.extend({ id: recordId });
export type AdminCupTournamentUpdate = z.infer<typeof adminCupTournamentUpdate>;

export const adminCupTournament = z.object({
  id: z.number().int(),
  title_zh_cn: z.string(),
  title_zh_tw: z.string(),
  title_en: z.string(),
  rules_zh_cn: z.string(),
  rules_zh_tw: z.string(),
  rules_en: z.string(),
  state: z.enum(CUP_TOURNAMENT_STATES),
  fixtures: z.number().int(),
  predictions: z.number().int(),
  /** Points staked and paid back so far. */
  staked: z.number().int(),
  paid: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminCupTournament = z.infer<typeof adminCupTournament>;
export const adminCupTournamentsResponse = z.object({ list: z.array(adminCupTournament) });
export type AdminCupTournamentsResponse = z.infer<typeof adminCupTournamentsResponse>;

export const adminCupFixtureInput = z.object({
  tournament_id: recordId,
  stage_zh_cn: z.string().trim().max(40).default(''),
  stage_zh_tw: z.string().trim().max(40).default(''),
  stage_en: z.string().trim().max(40).default(''),
  home_zh_cn: name().min(1),
  home_zh_tw: name().default(''),
  home_en: name().default(''),
  /** An image URL or a flag emoji; '' for none. */
  home_flag: z.string().max(300).default(''),
  away_zh_cn: name().min(1),
  away_zh_tw: name().default(''),
  away_en: name().default(''),
  away_flag: z.string().max(300).default(''),
  kickoff_at: z.number().int(),
  odds_home_bp: odds(),
  /** null: no draw (the pick is refused). */
  odds_draw_bp: odds().nullable(),
  odds_away_bp: odds(),
  /** The most points one player may stake on this fixture. */
  max_stake: z.number().int().min(1).max(100_000_000),
  reason: z.string().max(200).default(''),
});
export type AdminCupFixtureInput = z.infer<typeof adminCupFixtureInput>;
export const adminCupFixtureUpdate = adminCupFixtureInput.omit({ tournament_id: true }).extend({ id: recordId });
export type AdminCupFixtureUpdate = z.infer<typeof adminCupFixtureUpdate>;

export const adminCupSettleInput = z.object({
  id: recordId,
  result: z.enum(CUP_RESULTS),
  reason: z.string().max(200).default(''),
});
export type AdminCupSettleInput = z.infer<typeof adminCupSettleInput>;

export const adminCupFixture = adminCupFixtureInput.omit({ reason: true }).extend({
  id: z.number().int(),
  result: z.enum(CUP_RESULTS).nullable(),
  state: z.enum(CUP_FIXTURE_STATES),
  settled_at: z.number().int().nullable(),
  predictions: z.number().int(),
  /** Points staked on each pick. */
  staked: z.object({ home: z.number().int(), draw: z.number().int(), away: z.number().int() }),
  /** Points paid back at the settlement. */
  paid: z.number().int(),
  updated_at: z.number().int(),
});
export type AdminCupFixture = z.infer<typeof adminCupFixture>;
export const adminCupFixturesQuery = z.object({ tournament_id: recordIdQuery });
export const adminCupFixturesResponse = z.object({ list: z.array(adminCupFixture) });
export type AdminCupFixturesResponse = z.infer<typeof adminCupFixturesResponse>;
