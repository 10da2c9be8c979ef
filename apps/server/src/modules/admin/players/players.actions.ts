import { isStaffRole, roleCan } from '@kaixiang/shared/admin';
import {
  ADJUST_MAX_UNITS,
  ADMIN_REASON_MAX,
  type AdjustBalanceResponse,
  type AdminMailResponse,
  type PlayerBanResponse,
  type ResetPasswordResponse,
} from '@kaixiang/shared/admin-players';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import type { Currency } from '@kaixiang/shared/wallet';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { CounterStore } from '../../../infra/counters.ts';
import { accountsRepo } from '../../accounts/accounts.repo.ts';
import { hashPassword, randomReadable } from '../../accounts/secrets.ts';
import type { SessionsService } from '../../accounts/sessions.service.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { mailRepo } from '../../mail/mail.repo.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { AdminActor } from '../admin-access.ts';
import { recordAudit } from '../audit.ts';
import { playersRepo as repo } from './players.repo.ts';

export interface PlayerActionsDeps {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  ledger: Ledger;
  /** The accounts' sessions: a ban and a password reset end them the way the site's own paths do. */
  sessions: SessionsService;
  /** The login guards' counters: a reset password starts with a clean slate. */
  counters: CounterStore;
  mail: MailService;
}

/** Characters of a temporary password (READABLE letters and digits: read out over the phone). */
const TEMP_PASSWORD_LENGTH = 10;

/** Every change carries its reason, trimmed: 1–200 characters. */
function reasonOf(raw: string): string {
  const reason = raw.trim();
  if (reason.length === 0 || [...reason].length > ADMIN_REASON_MAX) throw new AppError('PLAYER_REASON_INVALID');
  return reason;
}

const target = (userId: number) => `user:${userId}`;

/**
 * What staff with players.manage (and balance.adjust) change on a player. Each change is one
 * transaction with its audit record, so a committed change is recorded and a refused one leaves
 * nothing; checks that need no database come before it, so bad input changes nothing.
 */
export function createPlayerActions(deps: PlayerActionsDeps) {
  const { db, clock, sessions } = deps;

  /** The player row, locked for the change; refused when it is not there. */
  async function lockedPlayer(tx: Tx, userId: number) {
    const u = await accountsRepo.userByIdForUpdate(tx, userId);
    if (!u) throw new AppError('PLAYER_NOT_FOUND');
    return u;
  }

  return {
    /**
     * Bans a player: users.banned_at (what login, refresh and every request already refuse) and
     * every session ended with reason 'banned', as the site's own ban does (user.service.ts
     * setBanned), then their sockets closed on every process. Staff are not banned from here.
     */
    async ban(actor: AdminActor, input: { user_id: number; reason: string }): Promise<PlayerBanResponse> {
      const reason = reasonOf(input.reason);
      if (input.user_id === actor.adminId) throw new AppError('PLAYER_SELF');
      const result = await deps.transaction(async (tx) => {
        const u = await lockedPlayer(tx, input.user_id);
        if (isStaffRole(u.role)) throw new AppError('PLAYER_IS_STAFF');
        if (u.bannedAt) throw new AppError('PLAYER_ALREADY_BANNED');
        const now = new Date(clock.now());
        const ended = await repo.openSessionCount(tx, u.id);
        await accountsRepo.updateUser(tx, u.id, { bannedAt: now });
        await sessions.signOutEverywhere(tx, u.id, 'banned');
        await recordAudit(
          tx,
          actor,
          {
            action: 'player.ban',
            target: target(u.id),
            before: { banned_at: null },
            after: { banned_at: now.getTime(), sessions_ended: ended },
            reason,
          },
          now,
        );
        return { user_id: u.id, banned_at: now.getTime(), sessions_ended: ended };
      });
      await sessions.disconnectSockets(result.user_id);
      return result;
    },

    async unban(actor: AdminActor, input: { user_id: number; reason: string }): Promise<PlayerBanResponse> {
      const reason = reasonOf(input.reason);
      return deps.transaction(async (tx) => {
        const u = await lockedPlayer(tx, input.user_id);
        if (!u.bannedAt) throw new AppError('PLAYER_NOT_BANNED');
        const now = new Date(clock.now());
        await accountsRepo.updateUser(tx, u.id, { bannedAt: null });
        await recordAudit(
          tx,
          actor,
          {
            action: 'player.unban',
            target: target(u.id),
            before: { banned_at: u.bannedAt.getTime() },
            after: { banned_at: null },
            reason,
          },
          now,
        );
        return { user_id: u.id, banned_at: null, sessions_ended: 0 };
      });
    },

    /**
     * A random temporary password, answered once and stored only as the hash a login checks
     * (argon2id of the client's transport hash). Every session ends, as a password change does
     * (auth.service.ts changePassword), and the login guard's failures are forgotten. The audit
     * record says that it happened, never the password.
     */
    async resetPassword(actor: AdminActor, input: { user_id: number; reason: string }): Promise<ResetPasswordResponse> {
      const reason = reasonOf(input.reason);
      if (input.user_id === actor.adminId) throw new AppError('PLAYER_SELF');
      const password = randomReadable(TEMP_PASSWORD_LENGTH);
      const passwordHash = await hashPassword(await hashPasswordForTransport(password));
      const done = await deps.transaction(async (tx) => {
        const u = await lockedPlayer(tx, input.user_id);
        if (isStaffRole(u.role)) throw new AppError('PLAYER_IS_STAFF');
        if (u.destroyedAt) throw new AppError('PLAYER_CLOSED');
        if (!u.mobile && !u.email) throw new AppError('PLAYER_NO_PASSWORD_LOGIN');
        const now = new Date(clock.now());
        const ended = await repo.openSessionCount(tx, u.id);
        await accountsRepo.updateUser(tx, u.id, { passwordHash });
        await sessions.signOutEverywhere(tx, u.id, 'password');
        await recordAudit(
          tx,
          actor,
          {
            action: 'player.password_reset',
            target: target(u.id),
            before: { had_password: u.passwordHash !== null },
            after: { temporary_password: true, sessions_ended: ended },
            reason,
          },
          now,
        );
        return { user: u, ended };
      });
      const { user } = done;
      if (user.mobile) await deps.counters.reset(`login:acct:m:${user.mobile}`);
      if (user.email) await deps.counters.reset(`login:acct:e:${user.email.trim().toLowerCase()}`);
      await sessions.disconnectSockets(user.id);
      return { temporary_password: password, sessions_ended: done.ended };
    },

    /**
     * One balanced transfer (kind `correction`) between the player and the house's admin_adjust
     * account, keyed by the console's request id: sent again, with whatever timing, it posts
     * nothing and answers what the first did. A debit is `balance - x WHERE balance >= x` in the
     * ledger's own write (kx_post_transfer), so a short balance is refused there and the
     * transaction, audit record included, rolls back. The transfer's key names the admin; the
     * reason stays in the audit record (the player sees the memo in their account record, where
     * the kind already reads 账务调整, so no staff note goes there).
     */
    async adjustBalance(
      actor: AdminActor,
      input: { user_id: number; currency: Currency; amount: number; reason: string; request_id: string },
    ): Promise<AdjustBalanceResponse> {
      const { amount, currency } = input;
      if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > ADJUST_MAX_UNITS) {
        throw new AppError('ADJUST_AMOUNT_INVALID');
      }
      const reason = reasonOf(input.reason);
      if (input.user_id === actor.adminId) throw new AppError('PLAYER_SELF');
      const key = `admin_adjust:${actor.adminId}:${input.request_id}`;
      const answered = await deps.ledger.transaction(async ({ tx, now, post }) => {
        const prior = await repo.userLegOf(tx, key);
        if (prior) return prior;
        const u = await accountsRepo.userById(tx, input.user_id);
        if (!u) throw new AppError('PLAYER_NOT_FOUND');
        if (u.destroyedAt) throw new AppError('PLAYER_CLOSED');
        const posted = await post(
          {
            kind: 'correction',
            key,
            currency,
            legs: [
              { account: { userId: u.id }, amount },
              { account: { house: 'admin_adjust' }, amount: -amount },
            ],
          },
          'ADJUST_BALANCE_SHORT',
        );
        // A twin of this request committed while this one waited on the key: answer it.
        if (posted.duplicate) {
          const twin = await repo.userLegOf(tx, key);
          if (!twin) throw new Error(`transfer ${key} posted but not found`);
          return twin;
        }
        const balanceAfter = posted.balances.get(u.id);
        if (balanceAfter === undefined) throw new Error(`transfer ${key} has no balance for user ${u.id}`);
        await recordAudit(
          tx,
          actor,
          {
            action: 'player.balance_adjust',
            target: target(u.id),
            before: { currency, balance: balanceAfter - amount },
            after: { currency, balance: balanceAfter, amount, transfer_id: posted.transferId },
            reason,
          },
          now,
        );
        return { transferId: posted.transferId, createdAt: now, userId: u.id, currency, amount, balanceAfter };
      });
      // The same request id for another player, currency or amount is a client's mistake, not a repeat.
      if (answered.userId !== input.user_id || answered.currency !== currency || answered.amount !== amount) {
        throw new AppError('ADMIN_REQUEST_REUSED');
      }
      return {
        transfer_id: answered.transferId,
        user_id: answered.userId,
        currency: answered.currency,
        amount: answered.amount,
        balance_before: answered.balanceAfter - answered.amount,
        balance_after: answered.balanceAfter,
        created_at: answered.createdAt.getTime(),
      };
    },

    /**
     * A mail to one player through the mailbox (mail.service.ts sendInTx): its coins are a ledger
     * transfer when the player collects them (mail_appendix, from the promotions account, keyed by
     * the mail), its items inventory rows then. Keyed by the console's request id, so a repeat
     * sends one mail. An attachment of value moves money like an adjustment, so it also needs
     * balance.adjust (support may write to a player, not pay them).
     */
    async sendMail(
      actor: AdminActor,
      input: {
        user_id: number;
        title: string;
        content: string;
        coins: number;
        items: { item_def_id: number; exter?: number | undefined }[];
        reason: string;
        request_id: string;
      },
    ): Promise<AdminMailResponse> {
      const { coins } = input;
      if (!Number.isSafeInteger(coins) || coins < 0 || coins > ADJUST_MAX_UNITS) {
        throw new AppError('ADMIN_MAIL_COINS_INVALID');
      }
      const reason = reasonOf(input.reason);
      if (coins > 0 || input.items.length > 0) {
        const role = (await accountsRepo.userById(db, actor.adminId))?.role ?? '';
        if (!roleCan(role, 'balance.adjust')) throw new AppError('ADMIN_MAIL_VALUE_FORBIDDEN');
      }
      const sent = await deps.transaction(async (tx) => {
        const u = await accountsRepo.userById(tx, input.user_id);
        if (!u) throw new AppError('PLAYER_NOT_FOUND');
        if (u.destroyedAt) throw new AppError('PLAYER_CLOSED');
        const now = new Date(clock.now());
        const mail = await deps.mail.sendInTx(
          tx,
          {
            userId: u.id,
            title: input.title,
            content: input.content,
            coinsUnits: coins,
            items: input.items.map((i) => ({
              itemDefId: i.item_def_id,
              ...(i.exter === undefined ? {} : { exter: i.exter }),
            })),
            source: 'admin',
            sourceKey: `admin_mail:${input.request_id}`,
          },
          now,
        );
        const row = await mailRepo.byId(tx, u.id, mail.id);
        // The key names a mail of another player: a reused request id, not a repeat.
        if (!row) throw new AppError('ADMIN_REQUEST_REUSED');
        if (mail.created) {
          await recordAudit(
            tx,
            actor,
            {
              action: 'player.mail',
              target: target(u.id),
              after: {
                mail_id: row.id,
                title: row.titleZhCn,
                coins: row.coinsUnits,
                items: row.items.map((i) => ({ item_def_id: i.itemDefId, exter: i.exter, price: i.priceUnits })),
              },
              reason,
            },
            now,
          );
        }
        return { created: mail.created, mail_id: row.id, coins: row.coinsUnits, items: row.items.length };
      });
      if (sent.created) await deps.mail.notify(input.user_id);
      return { mail_id: sent.mail_id, coins: sent.coins, items: sent.items };
    },
  };
}

export type PlayerActions = ReturnType<typeof createPlayerActions>;
