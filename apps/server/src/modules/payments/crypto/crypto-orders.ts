import type { ErrorKey } from '@kaixiang/shared/errors';
import { UNITS_PER_YUAN } from '@kaixiang/shared/money';
import {
  type CreateOrderInput,
  type CreateOrderResponse,
  DEFAULT_EXCHANGE_RATE,
  ORDER_STATUS,
  ORDER_TTL_MS,
  type UsdtChain,
} from '@kaixiang/shared/payments';
import { formatMicroUsdt, rateHundredths, USDT_MAX_CNY, USDT_MIN_CNY, usdtQuantityMicro } from '@kaixiang/shared/usdt';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { paymentsRepo } from '../payments.repo.ts';
import { cryptoRepo } from './crypto.repo.ts';

/** recharge_orders.provider of USDT orders: only the chain watcher settles them. */
export const CRYPTO_PROVIDER = 'crypto';

/**
 * The USDT amount rule (spec 2 §5): `amount` is 10000 × a whole CNY amount from 100 to 20000.
 * The client clamps at 20000; a request above it is refused rather than silently lowered.
 */
export function checkUsdtAmount(amountUnits: unknown): { ok: true; cny: number } | { ok: false; error: ErrorKey } {
  // Anything but a number — omitted, null, "", a numeric string — is no amount (issue 20).
  if (typeof amountUnits !== 'number' || !Number.isSafeInteger(amountUnits) || amountUnits <= 0) {
    return { ok: false, error: 'USDT_AMOUNT_INVALID' };
  }
  if (amountUnits % UNITS_PER_YUAN !== 0) return { ok: false, error: 'USDT_AMOUNT_INVALID' };
  const cny = amountUnits / UNITS_PER_YUAN;
  if (cny < USDT_MIN_CNY) return { ok: false, error: 'USDT_BELOW_MINIMUM' };
  if (cny > USDT_MAX_CNY) return { ok: false, error: 'USDT_ABOVE_MAXIMUM' };
  return { ok: true, cny };
}

/** What createOrder (payments.service.ts) lends the USDT branch, so both run the same checks. */
export interface OrderContext {
  /** The adapter that serves crypto_pay (CRYPTO_PROVIDER). */
  providerName: string;
  /** The player's row lock and the 5 s throttle, first thing in the order's transaction. */
  guard: (tx: Tx, userId: number, now: Date, amountUnits: number) => Promise<void>;
  newOrderSn: (nowMs: number) => string;
  /** The player's VIP recharge bonus (1/10000 of the money), fixed on the order like any channel's. */
  vipBonusBp?: (tx: Tx, userId: number) => Promise<number>;
}

export function createCryptoOrders(deps: {
  db: Db;
  ledger: Ledger;
  /** The chains a watcher sees; only those take orders. */
  chains: readonly UsdtChain[];
  feeMicro: number;
}) {
  const { db, ledger } = deps;
  const exchangeRate = async () => (await cryptoRepo.exchangeRate(db)) ?? DEFAULT_EXCHANGE_RATE;

  return {
    /** CNY per USDT × 10000: the operator's site setting `exchange_rate`, else 76000. */
    exchangeRate,

    /**
     * A USDT order: the player's amount, the first tier's bonus share (what the dialog's note
     * promises), the quantity at today's rate, and a deposit address lent to this order alone —
     * all in one transaction, so no address is lent without an order nor an order made without one.
     */
    async createOrder(userId: number, input: CreateOrderInput, ctx: OrderContext): Promise<CreateOrderResponse> {
      const chain = input.chain;
      if (!chain) throw new AppError('USDT_CHAIN_REQUIRED');
      if (!deps.chains.includes(chain)) throw new AppError('PAY_CHANNEL_UNAVAILABLE');
      const amount = checkUsdtAmount(input.amount);
      if (!amount.ok) throw new AppError(amount.error);
      const [tier] = await paymentsRepo.tiers(db);
      if (!tier) throw new AppError('RECHARGE_TIER_REQUIRED');
      const rate = rateHundredths(await exchangeRate());
      const quantityMicro = usdtQuantityMicro(amount.cny, rate, deps.feeMicro);
      const amountUnits = amount.cny * UNITS_PER_YUAN;
      const bonusUnits = Math.floor((amountUnits * tier.additionBp) / 10_000);

      const { order, address } = await ledger.transaction(async ({ tx, now }) => {
        await ctx.guard(tx, userId, now, amountUnits);
        const orderSn = ctx.newOrderSn(now.getTime());
        const lent = await cryptoRepo.lend(tx, chain, orderSn, now);
        if (!lent) throw new AppError('CRYPTO_ADDRESS_UNAVAILABLE');
        const vipBp = ctx.vipBonusBp ? await ctx.vipBonusBp(tx, userId) : 0;
        const row = await paymentsRepo.insertOrder(tx, {
          orderSn,
          userId,
          tierId: tier.id,
          payMode: 'crypto_pay',
          provider: ctx.providerName,
          amountUnits,
          realPriceUnits: amountUnits,
          bonusUnits,
          vipBonusUnits: Math.floor((amountUnits * vipBp) / 10_000),
          status: ORDER_STATUS.pending,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
          createdAt: now,
        });
        await cryptoRepo.insertOrder(tx, {
          orderSn,
          chain,
          address: lent,
          quantityMicro,
          feeMicro: deps.feeMicro,
          rateHundredths: rate,
          createdAt: now,
        });
        return { order: row, address: lent };
      });
      return {
        order_sn: order.orderSn,
        // The bare address: every wallet and exchange app reads it, while tron:/ethereum: URIs
        // with an amount are understood by some wallets only (and EIP-681 names the token contract).
        pay_data_url: address,
        real_price: order.realPriceUnits,
        extra_std_money: order.bonusUnits + order.vipBonusUnits,
        price: order.amountUnits,
        expire_time: order.expiresAt.getTime(),
        crypto_amount: formatMicroUsdt(quantityMicro),
        crypto_address: address,
        chain,
      };
    },
  };
}

export type CryptoOrders = ReturnType<typeof createCryptoOrders>;
