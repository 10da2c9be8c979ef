import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PATTERN } from '@kaixiang/shared/boxes';
import type { Currency } from '@kaixiang/shared/wallet';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { balancesOf, type Ledger } from '../ledger/ledger.ts';
import { walletRepo } from './wallet.repo.ts';

/** 2 decimals of a yuan (spec 1 §5, §9): an exchange amount is a whole number of fen. */
export const EXCHANGE_STEP_UNITS = 100;

export interface WalletDeps {
  db: Db;
  ledger: Ledger;
}

export function checkRequestId(requestId: string): void {
  if (!REQUEST_ID_PATTERN.test(requestId)) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'request_id', message: 'request_id: 8-64 letters, digits, _ or -' }],
    });
  }
}

/**
 * Balances as the player sees them: the account change record, the quota log and the quota →
 * coin exchange (spec 1 §5, §7, §9; ARCHITECTURE.md §Money).
 */
export function createWalletService(deps: WalletDeps) {
  const { db, ledger } = deps;

  return {
    accountChanges(userId: number, q: { page: number; page_size: number; currency?: Currency | undefined }) {
      return walletRepo.entries(db, {
        userId,
        currency: q.currency,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
    },

    /**
     * Mall quota → coins 1:1, as two transfers in one transaction: quota from the player to the
     * house's quota_exchange account, and the same amount of coin back. A short quota fails the
     * debit itself (QUOTA_INSUFFICIENT) and rolls back both.
     */
    async exchange(userId: number, input: { convert_amount: number; request_id?: string | undefined }) {
      const amount = input.convert_amount;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount % EXCHANGE_STEP_UNITS !== 0) {
        throw new AppError('EXCHANGE_AMOUNT_INVALID');
      }
      // Without a client id every call is a new exchange; the signature's nonce already refuses a
      // byte-for-byte replay of one request.
      const requestId = input.request_id ?? randomUUID();
      checkRequestId(requestId);

      const result = await ledger.transaction(async ({ now, tx, post }) => {
        const exchangeId = await walletRepo.claimExchange(tx, {
          userId,
          requestId,
          amountUnits: amount,
          createdAt: now,
        });
        if (exchangeId === null) return null;
        const key = `quota_exchange:${exchangeId}`;
        const quota = await post(
          {
            kind: 'quota_exchange',
            key: `${key}:quota`,
            currency: 'quota',
            legs: [
              { account: { userId }, amount: -amount },
              { account: { house: 'quota_exchange' }, amount },
            ],
          },
          'QUOTA_INSUFFICIENT',
        );
        const coin = await post({
          kind: 'quota_exchange',
          key: `${key}:coin`,
          currency: 'coin',
          legs: [
            { account: { house: 'quota_exchange' }, amount: -amount },
            { account: { userId }, amount },
          ],
        });
        return { money: coin.balances.get(userId) ?? 0, mall_quota: quota.balances.get(userId) ?? 0 };
      });
      if (result) return result;

      // The request id was used before: the same exchange again answers with today's balances; a
      // different one under the same id is refused.
      const prior = await walletRepo.exchangeByRequest(db, userId, requestId);
      if (!prior || prior.amountUnits !== amount) throw new AppError('REQUEST_ID_REUSED');
      const balances = await balancesOf(db, userId);
      return { money: balances.coin, mall_quota: balances.quota };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
