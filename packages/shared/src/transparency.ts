import { z } from 'zod';

/**
 * Contract of the public realised-RTP page (issue 23, docs/transparency.md): what was paid and
 * won per box and per game over a 30-day window, beside the published RTP and the range chance
 * alone allows. Aggregates only: no player appears in it. Paths are relative to /api.
 */
export const TRANSPARENCY_PATHS = {
  rtp: '/site/v1/rtp',
} as const;

/** The window the figures cover, ending at the snapshot's time. */
export const RTP_WINDOW_DAYS = 30;

/** The games on the page; roll rooms and card grabbing have no house edge and are left out. */
export const RTP_GAMES = ['upgrade', 'battle', 'turntable'] as const;
export type RtpGame = (typeof RTP_GAMES)[number];

export const rtpRange = z.object({
  /** RTP as a fraction (0.9 = 90 %). */
  low: z.number(),
  high: z.number(),
});
export type RtpRange = z.infer<typeof rtpRange>;

/** The figures of one box or game. Amounts in units (1/10000 yuan); RTPs as fractions. */
export const rtpFigures = z.object({
  /** Openings, upgrades, or rounds bet in (turntable: stake rows, one per player and round). */
  n: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  won: z.number().int().nonnegative(),
  /** won / paid; null when nothing was paid. */
  realised_rtp: z.number().nullable(),
  /** The RTP the odds were published at, weighted by what was paid on each; null without play. */
  published_rtp: z.number().nullable(),
  /** What the published odds promise for what was played (the range's centre), units. */
  expected: z.number().nullable(),
  /** The RTP range chance alone allows (expected ± 3σ over paid); null without play or without a model. */
  range: rtpRange.nullable(),
  inside: z.boolean().nullable(),
});
export type RtpFigures = z.infer<typeof rtpFigures>;

export const rtpBox = rtpFigures.extend({
  box_id: z.number().int(),
  name: z.string(),
  img: z.string(),
  fallback_img: z.string(),
  /** The box's current price, units. */
  price: z.number().int(),
});
export type RtpBox = z.infer<typeof rtpBox>;

export const rtpGameRow = rtpFigures.extend({
  game: z.enum(RTP_GAMES),
  /**
   * The turntable only: the jackpot paid in the window (not in `won`), and the RTP with it beside
   * the published long-run figure (96 % + the stake-weighted jackpot feed of the window's rounds). Null for the other games.
   */
  jackpot: z
    .object({
      won: z.number().int().nonnegative(),
      realised_rtp: z.number().nullable(),
      published_rtp: z.number(),
    })
    .nullable(),
});
export type RtpGameRow = z.infer<typeof rtpGameRow>;

export const rtpResponse = z.object({
  /** When the snapshot was computed (ms since the epoch): the end of the window. */
  computed_at: z.number().int(),
  window_start: z.number().int(),
  window_days: z.number().int(),
  /** The range's half-width in standard deviations (3: 99.7 %). */
  sigmas: z.number(),
  /** Free openings (paid nothing, e.g. the energy box) left out of the boxes' figures. */
  free_openings_excluded: z.number().int().nonnegative(),
  boxes: z.array(rtpBox),
  games: z.array(rtpGameRow),
});
export type RtpResponse = z.infer<typeof rtpResponse>;
