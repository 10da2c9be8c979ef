import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * USDT recharge (crypto_pay): deposit addresses, the order's USDT terms, the transfers the chain
 * watcher saw, and the sandbox chain (docs/payments.md "USDT recharge"). Quantities in micro-USDT (6 decimals).
 */

/**
 * The deposit address pool. An address is lent to one order at a time (order_sn set) and goes back
 * to the pool once its order is paid (after an hour) or expired (after a day's grace), so a late
 * or repeated deposit still finds the order it was meant for.
 */
export const cryptoAddresses = pgTable(
  'crypto_addresses',
  {
    id: serial('id').primaryKey(),
    /** trc20 | erc20. */
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    /** The order it is lent to; null while free. */
    orderSn: text('order_sn'),
    lentAt: timestamp('lent_at', { withTimezone: true }),
    /** When it last came back to the pool: the longest-free address is lent first. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crypto_addresses_chain_address_uq').on(t.chain, t.address),
    uniqueIndex('crypto_addresses_order_uq').on(t.orderSn),
    index('crypto_addresses_free_idx').on(t.chain, t.orderSn),
    check('crypto_addresses_lent_ck', sql`(${t.orderSn} is null) = (${t.lentAt} is null)`),
  ],
);

/** The USDT terms of a crypto_pay order, fixed when it is made (recharge_orders holds the CNY side). */
export const cryptoOrders = pgTable(
  'crypto_orders',
  {
    orderSn: text('order_sn').primaryKey(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    /** What the player must send, network fee included. */
    quantityMicro: bigint('quantity_micro', { mode: 'number' }).notNull(),
    feeMicro: bigint('fee_micro', { mode: 'number' }).notNull(),
    /** Hundredths of a CNY per USDT. */
    rateHundredths: integer('rate_hundredths').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('crypto_orders_address_idx').on(t.chain, t.address, t.createdAt),
    check('crypto_orders_quantity_ck', sql`${t.quantityMicro} > 0 and ${t.feeMicro} >= 0 and ${t.rateHundredths} > 0`),
  ],
);

/**
 * Every USDT transfer the watcher reported to a lent address, once per (chain, transfer id), and
 * what became of it: pending (waiting for confirmations), credited, underpaid, refused (a second
 * deposit to a paid order) or unmatched (no order was waiting on the address). Anything but
 * credited is for an operator.
 */
export const cryptoDeposits = pgTable(
  'crypto_deposits',
  {
    id: serial('id').primaryKey(),
    chain: text('chain').notNull(),
    /** The transaction hash (TRON) or hash:logIndex (Ethereum): one transfer. */
    transferId: text('transfer_id').notNull(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
    confirmations: integer('confirmations').notNull(),
    /** The order it was meant for (the borrower of the address when it was sent); null: none. */
    orderSn: text('order_sn'),
    /** pending | credited | underpaid | refused | unmatched. */
    status: text('status').notNull().default('pending'),
    /** Amount beyond the order's quantity (overpayment), noted for an operator. */
    surplusMicro: bigint('surplus_micro', { mode: 'bigint' }).notNull().default(sql`0`),
    /** When the chain says it was sent (block time). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crypto_deposits_transfer_uq').on(t.chain, t.transferId),
    index('crypto_deposits_order_idx').on(t.orderSn),
    index('crypto_deposits_status_idx').on(t.status),
  ],
);

/** The sandbox chain's head per chain (dev and tests only; in the database so it survives restarts). */
export const sandboxChainHeads = pgTable('sandbox_chain_heads', {
  chain: text('chain').primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull(),
});

/** Transfers on the sandbox chain: each one is mined into its own new block. */
export const sandboxChainTransfers = pgTable(
  'sandbox_chain_transfers',
  {
    id: serial('id').primaryKey(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    address: text('address').notNull(),
    amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_chain_transfers_tx_uq').on(t.txHash),
    index('sandbox_chain_transfers_address_idx').on(t.chain, t.address),
  ],
);
