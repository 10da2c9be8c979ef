import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Signature nonces of requests whose route claims the nonce in its own statement (http/signature.ts
 * "deferred nonces") and that changed nothing: refused, or answered from an earlier request. Such a
 * route records the nonce of a request that took effect in that effect's own row instead, so this
 * table holds only what was refused and stays small; rows older than the signature window are
 * deleted by the leader.
 */
export const requestNonces = pgTable(
  'request_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_nonces_expiry_idx').on(t.expiresAt)],
);
