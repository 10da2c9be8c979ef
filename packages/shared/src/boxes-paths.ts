/**
 * Where the boxes and fairness API lives (paths relative to /api). Apart from the schemas in
 * boxes.ts: the web's first load imports the paths without zod.
 */
export const BOX_PATHS = {
  /** GET: every category with its boxes (the home page). */
  list: '/goods/v1/box/get-box-list',
  /** GET ?box_id: one box. */
  info: '/goods/v1/box/get-box-info',
  /** GET ?box_id[&version]: the contents with ticket ranges and probabilities (a past version for the verifier). */
  contains: '/goods/v1/box/get-contains-item',
  /** POST: open 1, 5 or 10. */
  open: '/goods/v1/box/open-box',
  /** GET ?page&page_size[&box_id]: everybody's recent openings. */
  history: '/goods/v1/box/get-open-box-history',
  /** GET ?page&page_size: the player's own openings, with the fairness inputs of each roll. */
  selfHistory: '/goods/v1/box/get-self-open-box-history',
} as const;

export const FAIRNESS_PATHS = {
  /** GET: the active seed pair (hash only) and the last revealed pair. */
  seed: '/goods/v1/fair/get-seed',
  /** POST {client_seed}. */
  setClientSeed: '/goods/v1/fair/set-client-seed',
  /** POST {}: reveals the active server seed and commits to a new one; the nonce restarts at 0. */
  rotate: '/goods/v1/fair/rotate-seed',
} as const;
