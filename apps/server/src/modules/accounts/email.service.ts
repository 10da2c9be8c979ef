import type { LoginResponse } from '@kaixiang/shared/accounts';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { checkCaptcha, checkEmail, checkNickName, sanitizeNickName } from '@kaixiang/shared/validation';
import { AppError } from '../../http/app-error.ts';
import type { AccountsDeps } from './accounts.deps.ts';
import { isUniqueViolation, accountsRepo as repo } from './accounts.repo.ts';
import type { AuthService } from './auth.service.ts';
import type { CodesService } from './codes.service.ts';
import { hashPassword } from './secrets.ts';
import type { ClientInfo, SessionsService } from './sessions.service.ts';

/** E-mail code types (packages/shared accounts.ts emailCodeRequest). */
export const EMAIL_CODE = { register: 1, reset: 2, oldAddress: 5, newAddress: 6 } as const;
const TRANSPORT_HASH = /^[0-9a-f]{64}$/;

const normaliseEmail = (e: string) => e.trim().toLowerCase();

/**
 * E-mail accounts (spec 1 §5 e-mail flows): codes by e-mail with the same life, tries and limits
 * as SMS codes, register and login by e-mail, and the two-step change of address.
 */
export function createEmailService(
  deps: AccountsDeps,
  codes: CodesService,
  sessions: SessionsService,
  auth: AuthService,
) {
  const { db } = deps;

  return {
    /** site/email. Types 5 and 6 need the signed-in user (`userId`). */
    async sendCode(
      req: { email: string; type: 1 | 2 | 5 | 6; captcha: string; captcha_id: string },
      ip: string,
      userId: number | null,
    ) {
      const email = normaliseEmail(req.email);
      let target = email;
      let deliver = true;
      if (req.type === EMAIL_CODE.oldAddress) {
        if (userId === null) throw new AppError('UNAUTHENTICATED');
        const me = await repo.userById(db, userId);
        if (!me?.email) throw new AppError('EMAIL_INVALID');
        target = me.email;
      } else {
        const bad = checkEmail(email);
        if (bad) throw new AppError(bad);
      }
      const cap = checkCaptcha(req.captcha);
      if (cap) throw new AppError(cap);
      if (!(await codes.useCaptcha(req.captcha_id, req.captcha))) throw new AppError('CAPTCHA_WRONG');
      if (req.type === EMAIL_CODE.register || req.type === EMAIL_CODE.newAddress) {
        if (req.type === EMAIL_CODE.newAddress && userId === null) throw new AppError('UNAUTHENTICATED');
        if (await repo.userByEmail(db, email)) throw new AppError('ACCOUNT_EXISTS');
      }
      if (req.type === EMAIL_CODE.reset) {
        const user = await repo.userByEmail(db, email);
        deliver = user !== undefined && user.destroyedAt === null; // no account enumeration
      }
      await codes.issueCode('email', target, req.type, ip, deliver);
    },

    async register(
      req: { email: string; password: string; verify_code: string; nick_name: string; invite_code: string },
      client: ClientInfo,
    ): Promise<LoginResponse> {
      const email = normaliseEmail(req.email);
      const nickName = sanitizeNickName(req.nick_name);
      let bad: ErrorKey | null = nickName ? null : 'NICKNAME_REQUIRED';
      bad ??= checkEmail(email);
      bad ??= req.verify_code ? null : 'CODE_REQUIRED';
      bad ??= req.password ? null : 'PASSWORD_REQUIRED';
      bad ??= TRANSPORT_HASH.test(req.password) ? null : 'VALIDATION_FAILED';
      bad ??= checkNickName(nickName);
      if (bad) throw new AppError(bad);
      const passwordHash = await hashPassword(req.password);
      let result: { error: ErrorKey } | { value: LoginResponse };
      try {
        result = await deps.transaction(async (tx) => {
          if (await repo.userByEmail(tx, email)) return { error: 'ACCOUNT_EXISTS' as const };
          const inviteUserId = await auth.inviterOf(tx, req.invite_code);
          const codeError = await codes.checkCode(tx, 'email', email, EMAIL_CODE.register, req.verify_code);
          if (codeError) return { error: codeError };
          const user = await auth.insertAccount(tx, { nickName, email, passwordHash, inviteUserId });
          return { value: await sessions.create(tx, user.id, client) };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_uq')) throw new AppError('ACCOUNT_EXISTS');
        throw error;
      }
      if ('error' in result) throw new AppError(result.error);
      return result.value;
    },

    async login(req: { email: string; password: string }, client: ClientInfo): Promise<LoginResponse> {
      const email = normaliseEmail(req.email);
      const bad = checkEmail(email) ?? (req.password ? null : 'PASSWORD_REQUIRED');
      if (bad) throw new AppError(bad);
      return auth.passwordLogin(`login:acct:e:${email}`, () => repo.userByEmail(db, email), req.password, client);
    },

    /**
     * Step 1 proves the old address (the code is checked, not spent); step 2 spends it together
     * with the new address's code and sets the new address, in one transaction.
     */
    async changeEmail(userId: number, req: { step: 1 | 2; old_code: string; email?: string; new_code?: string }) {
      const result = await deps.transaction(async (tx): Promise<{ error: ErrorKey } | { ok: true }> => {
        const me = await repo.userByIdForUpdate(tx, userId);
        if (!me) return { error: 'UNAUTHENTICATED' };
        if (!me.email) return { error: 'EMAIL_INVALID' };
        const proveOld = (consume: boolean) =>
          codes.checkCode(tx, 'email', me.email ?? '', EMAIL_CODE.oldAddress, req.old_code, { consume });
        const oldError = await proveOld(false);
        if (oldError) return { error: oldError };
        if (req.step === 1) return { ok: true };
        // The old address's code is spent only with a change that succeeds: the transaction
        // commits on a refusal (to record wrong tries), and a mistyped new code must not send the
        // player back to step 1.
        const email = normaliseEmail(req.email ?? '');
        const bad = checkEmail(email);
        if (bad) return { error: bad };
        if (await repo.userByEmail(tx, email)) return { error: 'ACCOUNT_EXISTS' };
        const newError = await codes.checkCode(tx, 'email', email, EMAIL_CODE.newAddress, req.new_code ?? '');
        if (newError) return { error: newError };
        // The row is locked since the first check: this one passes and spends it.
        const spent = await proveOld(true);
        if (spent) return { error: spent };
        await repo.updateUser(tx, userId, { email });
        return { ok: true };
      });
      if ('error' in result) throw new AppError(result.error);
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
