import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import { apiPost } from '../../../lib/api.ts';

/** Forgot and change password are one call (spec 1 §7): code type 3 proves the phone. */
export async function changePassword(f: { phone: string; verify_code: string; password: string }) {
  const password = await hashPasswordForTransport(f.password);
  return apiPost(ACCOUNT_PATHS.changePassword, {
    phone: f.phone,
    verify_code: f.verify_code,
    password,
    re_password: password,
  });
}
