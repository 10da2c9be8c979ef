/**
 * The public realised-RTP page (issue 23; ours: the spec names no such page, docs/decisions.md).
 * A module of its own so the route table and the fairness page's link name it without taking the
 * page's contract (zod schemas) into the first load.
 */
export const RTP_ROUTE = '/fairness/rtp';
