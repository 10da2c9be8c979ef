/**
 * Paths and the route of the world cup predictions (世界杯竞猜, issue 25; contract in cup.ts), apart
 * from zod so the shell can name them without loading the schemas. Paths relative to /api.
 */
export const CUP_PATHS = {
  /** GET cupQuery → cupView: a tournament (the given one, else the newest open), its fixtures with the caller's picks, its board. */
  info: '/promotion/v1/cup/info',
  /** POST cupPredictRequest → cupPrediction. Login. */
  predict: '/promotion/v1/cup/predict',
  /** GET ?page&page_size → cupMyPredictionsResponse. Login. */
  mine: '/promotion/v1/cup/my-predictions',
} as const;

/** The admin API (permission promotions.manage; every change audited). */
export const ADMIN_CUP_PATHS = {
  /** GET → adminCupTournamentsResponse. */
  tournaments: '/admin/v1/cup/tournaments',
  /** POST adminCupTournamentInput → adminCupTournament. */
  createTournament: '/admin/v1/cup/create-tournament',
  /** POST adminCupTournamentUpdate → adminCupTournament. */
  updateTournament: '/admin/v1/cup/update-tournament',
  /** GET ?tournament_id → adminCupFixturesResponse. */
  fixtures: '/admin/v1/cup/fixtures',
  /** POST adminCupFixtureInput → adminCupFixture. */
  createFixture: '/admin/v1/cup/create-fixture',
  /** POST adminCupFixtureUpdate → adminCupFixture (before kick-off only). */
  updateFixture: '/admin/v1/cup/update-fixture',
  /** POST adminCupSettleInput → adminCupFixture: enters the result and pays the right picks at once. */
  settleFixture: '/admin/v1/cup/settle-fixture',
} as const;

/** The page (spec 2 named route worldCup; it reloads after login and after a recharge). */
export const CUP_ROUTE = '/worldCup';
