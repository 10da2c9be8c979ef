import type { LoginResponse } from '@kaixiang/shared/accounts';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { checkNickName, checkPhone, sanitizeNickName } from '@kaixiang/shared/validation';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AccountsDeps } from './accounts.deps.ts';
import { isUniqueViolation, accountsRepo as repo, type UserRow } from './accounts.repo.ts';
import { avatarUrl, spreadAvatarId } from './avatar-svg.ts';
import type { CodesService } from './codes.service.ts';
import { dummyPasswordHash, hashPassword, randomReadable, verifyPassword } from './secrets.ts';
import type { ClientInfo, SessionsService } from './sessions.service.ts';

/** Login guard (docs/security.md "Login lockout"): failures per account and per IP in 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;

const TRANSPORT_HASH = /^[0-9a-f]{64}$/;

export interface NewAccount {
  nickName: string;
  mobile?: string;
  email?: string;
  steamId?: string;
  passwordHash?: string | null;
  inviteUserId?: number | null;
  traceParam?: string;
}

function passwordPresence(password: string): ErrorKey | null {
  if (!password) return 'PASSWORD_REQUIRED';
  // The client sends SHA-256 hex (validation.ts hashPasswordForTransport); anything else is not our client.
  return TRANSPORT_HASH.test(password) ? null : 'VALIDATION_FAILED';
}

export function createAuthService(deps: AccountsDeps, codes: CodesService, sessions: SessionsService) {
  const { db, clock, counters } = deps;

  /** Inserts the user with a fresh invite code, retried on the rare collision of codes. */
  async function insertAccount(tx: Db, a: NewAccount): Promise<UserRow> {
    for (let attempt = 0; ; attempt++) {
      const code = randomReadable(attempt < 3 ? 6 : 8);
      try {
        // A savepoint, so a collision of invite codes does not abort the whole transaction.
        return await tx.transaction(async (sp) => {
          const row = await repo.insertUser(sp, {
            nickName: a.nickName,
            mobile: a.mobile ?? null,
            email: a.email ?? null,
            steamId: a.steamId ?? null,
            passwordHash: a.passwordHash ?? null,
            inviteUserId: a.inviteUserId ?? null,
            traceParam: a.traceParam ?? '',
            superInviteCode: code,
            createdAt: new Date(clock.now()),
          });
          // The avatar follows the id, which the insert gives: one of the seeded set, spread.
          const avatarId = spreadAvatarId(row.id);
          const avatar = avatarUrl(avatarId);
          await repo.updateUser(sp, row.id, { avatarId, avatar });
          return { ...row, avatarId, avatar };
        });
      } catch (error) {
        if (attempt < 6 && isUniqueViolation(error, 'users_super_invite_code_uq')) continue;
        throw error;
      }
    }
  }

  async function inviterOf(tx: Db, inviteCode: string): Promise<number | null> {
    const code = inviteCode.trim();
    if (!code) return null;
    const inviter = await repo.userByInviteCode(tx, code);
    if (!inviter || inviter.destroyedAt) throw new AppError('INVITE_CODE_INVALID');
    return inviter.id;
  }

  /**
   * Password login by phone or e-mail (docs/security.md "Login lockout"). Before the password is
   * looked at, one failure is reserved against the account and the IP at once; a wrong password
   * keeps it, the right one gives it back. So however many guesses arrive together, on however
   * many processes, at most the limit is ever checked, and a locked account cannot be guessed
   * at even with the right password. Unknown accounts are counted and timed like known ones.
   */
  async function passwordLogin(
    accountKey: string,
    find: () => Promise<UserRow | undefined>,
    password: string,
    client: ClientInfo,
  ): Promise<LoginResponse> {
    const reservation = await counters.reserve(
      [
        { key: accountKey, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
        { key: `login:ip:${client.ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
      ],
      LOGIN_WINDOW_MS,
    );
    if (!reservation) throw new AppError('LOGIN_LOCKED');
    const user = await find();
    const stored = user?.passwordHash ?? (await dummyPasswordHash());
    const good = await verifyPassword(stored, password);
    // The reservation stays: it is this failure, already counted. Anything thrown before here
    // (a database error) keeps it too; an attempt that may have been checked is never free.
    if (!user?.passwordHash || !good || user.destroyedAt) throw new AppError('LOGIN_FAILED');
    await reservation.release();
    if (user.bannedAt) throw new AppError('ACCOUNT_BANNED');
    await counters.reset(accountKey);
    return sessions.create(db, user.id, client);
  }

  return {
    insertAccount,
    inviterOf,

    async register(
      req: {
        nick_name: string;
        mobile: string;
        verify_code: string;
        password: string;
        invite_code: string;
        trace_param: string;
      },
      client: ClientInfo,
    ): Promise<LoginResponse> {
      // The spec's order: nickname, phone, code, password; then the nickname's width.
      const nickName = sanitizeNickName(req.nick_name);
      let bad: ErrorKey | null = nickName ? null : 'NICKNAME_REQUIRED';
      bad ??= req.mobile ? checkPhone(req.mobile) : 'REGISTER_PHONE_REQUIRED';
      bad ??= req.verify_code ? null : 'CODE_REQUIRED';
      bad ??= passwordPresence(req.password);
      bad ??= checkNickName(nickName);
      if (bad) throw new AppError(bad);
      const passwordHash = await hashPassword(req.password);

      let result: { error: ErrorKey } | { value: LoginResponse };
      try {
        result = await deps.transaction(async (tx) => {
          if (await repo.userByMobile(tx, req.mobile)) return { error: 'ACCOUNT_EXISTS' as const };
          const inviteUserId = await inviterOf(tx, req.invite_code);
          const codeError = await codes.checkCode(tx, 'sms', req.mobile, 1, req.verify_code);
          if (codeError) return { error: codeError };
          const user = await insertAccount(tx, {
            nickName,
            mobile: req.mobile,
            passwordHash,
            inviteUserId,
            traceParam: req.trace_param,
          });
          return { value: await sessions.create(tx, user.id, client) };
        });
      } catch (error) {
        // Two registrations of one phone at once: the unique index lets one through.
        if (isUniqueViolation(error, 'users_mobile_uq')) throw new AppError('ACCOUNT_EXISTS');
        throw error;
      }
      if ('error' in result) throw new AppError(result.error);
      return result.value;
    },

    async login(req: { mobile: string; password: string }, client: ClientInfo): Promise<LoginResponse> {
      const bad = checkPhone(req.mobile) ?? passwordPresence(req.password);
      if (bad) throw new AppError(bad);
      return passwordLogin(`login:acct:m:${req.mobile}`, () => repo.userByMobile(db, req.mobile), req.password, client);
    },

    passwordLogin,

    /** Forgot or change password (spec 2 §5): code type 3; every login of the account ends. */
    async changePassword(req: { phone: string; verify_code: string; password: string; re_password: string }) {
      let bad: ErrorKey | null = checkPhone(req.phone);
      bad ??= req.verify_code ? null : 'CODE_REQUIRED';
      bad ??= passwordPresence(req.password);
      bad ??= req.password === req.re_password ? null : 'PASSWORD_MISMATCH';
      if (bad) throw new AppError(bad);
      const passwordHash = await hashPassword(req.password);
      const result = await deps.transaction(async (tx): Promise<{ error: ErrorKey } | { userId: number }> => {
        const codeError = await codes.checkCode(tx, 'sms', req.phone, 3, req.verify_code);
        if (codeError) return { error: codeError };
        const user = await repo.userByMobile(tx, req.phone);
        // A code for an unknown phone was never sent, so the check above already failed.
        if (!user || user.destroyedAt) return { error: 'CODE_WRONG' };
        await repo.updateUser(tx, user.id, { passwordHash });
        await sessions.signOutEverywhere(tx, user.id, 'password');
        return { userId: user.id };
      });
      if ('error' in result) throw new AppError(result.error);
      await counters.reset(`login:acct:m:${req.phone}`);
      await sessions.disconnectSockets(result.userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
