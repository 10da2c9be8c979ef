import type { UserDetail } from '@kaixiang/shared/accounts';
import { MAX_ACCOUNTS_PER_ID } from '@kaixiang/shared/accounts';
import { isStaffRole } from '@kaixiang/shared/admin';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { checkIdentity, chinaDay, type IdentityType, normalizeIdNumber } from '@kaixiang/shared/id-card';
import { checkNickName, checkTradeLink, sanitizeNickName } from '@kaixiang/shared/validation';
import { AppError } from '../../http/app-error.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { vipStatusOf } from '../vip/vip.service.ts';
import type { AccountsDeps } from './accounts.deps.ts';
import { accountsRepo as repo, type UserRow } from './accounts.repo.ts';
import { avatarUrl } from './avatar-svg.ts';
import type { CodesService } from './codes.service.ts';
import { hmac } from './secrets.ts';
import type { SessionsService } from './sessions.service.ts';

/** Longest invite chain walked when binding (a cycle check; real chains are a few links). */
const MAX_INVITE_DEPTH = 10_000;

const roleOf = (r: string): UserDetail['role'] => (r === 'anchor' || isStaffRole(r) ? r : 'player');

/**
 * The user centre (spec 1 §7, usercenter/v1/user/*). Every method takes the user id of the
 * caller's access token, never one from the request: a player reads and changes only their own.
 */
export function createUserService(deps: AccountsDeps, codes: CodesService, sessions: SessionsService) {
  const { db, clock } = deps;

  async function load(userId: number): Promise<UserRow> {
    const u = await repo.userById(db, userId);
    if (!u) throw new AppError('UNAUTHENTICATED');
    return u;
  }

  return {
    async detail(userId: number): Promise<UserDetail> {
      const [u, balances, vip] = await Promise.all([load(userId), balancesOf(db, userId), vipStatusOf(db, userId)]);
      return {
        user_id: u.id,
        nick_name: u.nickName,
        avatar: u.avatar,
        // Balances live in the ledger (modules/ledger), never on the user row.
        money: balances.coin,
        mall_quota: balances.quota,
        score_point: balances.point,
        created_at: u.createdAt.getTime(),
        invite_user_id: u.inviteUserId,
        super_invite_code: u.superInviteCode ?? '',
        real_name: u.realName ? `${[...u.realName][0]}${'*'.repeat(Math.max(1, [...u.realName].length - 1))}` : '',
        // Computed from the ledger (modules/vip); users.vip_level is kept in step by the same call.
        vip_level: vip.level,
        account_type: u.accountType,
        recharge_num: vip.rechargeUnits,
        is_recharged: vip.rechargeUnits > 0,
        is_crypto: false,
        mobile: u.mobile ? `${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}` : '',
        email: u.email ?? '',
        steam_id: u.steamId ?? '',
        steam_link: u.steamLink,
        receipt_sms: u.receiptSms,
        identity_verified: u.identityVerifiedAt !== null,
        role: roleOf(u.role),
      };
    },

    async stdMoney(userId: number) {
      const b = await balancesOf(db, userId);
      return { std_money: b.coin, mall_quota: b.quota };
    },

    async avatarList() {
      const rows = await repo.avatars(db);
      return { list: rows.map((a) => ({ id: a.id, url: a.url })) };
    },

    async changeAvatar(userId: number, avatarId: number) {
      const a = await repo.avatarById(db, avatarId);
      if (!a) throw new AppError('NOT_FOUND');
      await repo.updateUser(db, userId, { avatarId: a.id, avatar: a.url });
      return { avatar: a.url };
    },

    async changeNickName(userId: number, raw: string) {
      const nickName = sanitizeNickName(raw);
      const bad = checkNickName(nickName);
      if (bad) throw new AppError(bad);
      await repo.updateUser(db, userId, { nickName });
      return { nick_name: nickName };
    },

    async setSmsSwitch(userId: number, on: boolean) {
      await repo.updateUser(db, userId, { receiptSms: on });
    },

    /**
     * Binds the trade link. The first binding is recorded (steam_link_bound_at): it unlocks the
     * trade-link free box (energy/free-boxes.ts), a real opening of a named box the player starts
     * from the energy-box page. No coins move here, so `reward_price` is 0 (docs/decisions.md).
     */
    async setSteamLink(userId: number, link: string) {
      const bad = checkTradeLink(link);
      if (bad) throw new AppError(bad);
      await deps.transaction(async (tx) => {
        const u = await repo.userByIdForUpdate(tx, userId);
        if (!u) throw new AppError('UNAUTHENTICATED');
        const isFirst = u.steamLinkBoundAt === null;
        await repo.updateUser(tx, userId, {
          steamLink: link.trim(),
          ...(isFirst ? { steamLinkBoundAt: new Date(clock.now()) } : {}),
        });
      });
      return { reward_price: 0 };
    },

    /** Closes the account (code type 4 to its phone): records stay, every login ends for good. */
    async destroy(userId: number, verifyCode: string) {
      const result = await deps.transaction(async (tx): Promise<{ error: ErrorKey } | { ok: true }> => {
        const u = await repo.userByIdForUpdate(tx, userId);
        if (!u || u.destroyedAt) return { error: 'UNAUTHENTICATED' };
        if (!u.mobile) return { error: 'CODE_WRONG' };
        const codeError = await codes.checkCode(tx, 'sms', u.mobile, 4, verifyCode);
        if (codeError) return { error: codeError };
        await repo.updateUser(tx, userId, { destroyedAt: new Date(clock.now()) });
        await sessions.signOutEverywhere(tx, userId, 'destroyed');
        return { ok: true };
      });
      if ('error' in result) throw new AppError(result.error);
      await sessions.disconnectSockets(userId);
    },

    /** Once per account, never one's own code, and never closing a loop of inviters. */
    async bindInviteCode(userId: number, code: string) {
      if (!code.trim()) throw new AppError('INVITE_CODE_INVALID');
      await deps.transaction(async (tx) => {
        const me = await repo.userByIdForUpdate(tx, userId);
        if (!me) throw new AppError('UNAUTHENTICATED');
        if (me.inviteUserId !== null) throw new AppError('INVITE_ALREADY_BOUND');
        const inviter = await repo.userByInviteCode(tx, code.trim());
        if (!inviter || inviter.destroyedAt || inviter.id === userId) throw new AppError('INVITE_CODE_INVALID');
        // Walk up from the inviter: meeting myself means the binding would close a cycle.
        let next: number | null = inviter.inviteUserId;
        for (let depth = 0; next !== null && depth < MAX_INVITE_DEPTH; depth++) {
          if (next === userId) throw new AppError('INVITE_CODE_INVALID');
          next = (await repo.userById(tx, next))?.inviteUserId ?? null;
        }
        await repo.updateUser(tx, userId, { inviteUserId: inviter.id });
      });
    },

    async promoteUsers(userId: number, page: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        repo.promoteUsers(db, userId, pageSize, (page - 1) * pageSize),
        repo.countPromoteUsers(db, userId),
      ]);
      return {
        list: rows.map((r) => ({
          user_id: r.id,
          nick_name: r.nickName,
          vip_level: r.vipLevel,
          avatar: r.avatar,
          created_at: r.createdAt.getTime(),
        })),
        total,
      };
    },

    /**
     * Identity verification (spec 2 §5). The ID number is kept only as an HMAC; the count of
     * accounts per ID is kept on a row locked for the transaction, so two verifications of one
     * ID at once are counted one after the other and a sixth account is refused.
     */
    async verifyIdentity(userId: number, req: { realname: string; identification: string; type: IdentityType }) {
      const realName = req.realname.trim();
      const id = normalizeIdNumber(req.identification);
      if (!realName || !id) throw new AppError('IDENTITY_REQUIRED');
      const bad = checkIdentity(id, req.type, chinaDay(clock.now()));
      if (bad) throw new AppError(bad);
      const idHash = hmac(deps.hashSecret, `id:${req.type}:${id}`);
      await deps.transaction(async (tx) => {
        const me = await repo.userByIdForUpdate(tx, userId);
        if (!me) throw new AppError('UNAUTHENTICATED');
        if (me.identityVerifiedAt) throw new AppError('IDENTITY_ALREADY_VERIFIED');
        const now = new Date(clock.now());
        const identity = await repo.lockIdentity(tx, idHash, now);
        if (identity.accounts >= MAX_ACCOUNTS_PER_ID) throw new AppError('ID_TOO_MANY_ACCOUNTS');
        await repo.incrementIdentity(tx, idHash);
        await repo.updateUser(tx, userId, {
          realName,
          idNumberHash: idHash,
          identityType: req.type,
          identityVerifiedAt: now,
        });
        await deps.onIdentityVerified?.(tx, userId, idHash, now);
      });
    },

    /**
     * Bans or lifts a ban (the admin console calls this later; /dev/test/ban meanwhile). A ban
     * ends every login and socket at once; the next call answers 401 with the ban message.
     */
    async setBanned(userId: number, banned: boolean) {
      await deps.transaction(async (tx) => {
        await repo.updateUser(tx, userId, { bannedAt: banned ? new Date(clock.now()) : null });
        if (banned) await sessions.signOutEverywhere(tx, userId, 'banned');
      });
      if (banned) await sessions.disconnectSockets(userId);
    },

    avatarUrl,
  };
}

export type UserService = ReturnType<typeof createUserService>;
