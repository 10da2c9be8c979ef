import { ERRORS } from '@kaixiang/shared/errors';
import { bearer, consoleSignIn, type TestUser } from '../../../../test/support/accounts.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

/**
 * A console call by a staff member in a test whose clock jumps ahead (draws, deadlines): when the
 * console session lapsed on the way (CONSOLE_2FA_REQUIRED), sign in again and ask once more, as
 * the console's code prompt does. Any other answer is the test's to judge.
 */
export async function consolePostAgain<T>(t: TestApp, u: TestUser, path: string, body: unknown, lang?: string) {
  const send = () =>
    t.api<T>('POST', path, { headers: bearer(u.tokens.access_token), body, ...(lang ? { lang } : {}) });
  const first = await send();
  if (first.body.code !== ERRORS.CONSOLE_2FA_REQUIRED.code) return first;
  await consoleSignIn(t, u);
  return send();
}
