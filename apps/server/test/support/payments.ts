import { RECHARGE_CONDITIONS, RECHARGE_THROTTLE_MS } from '@kaixiang/shared/payments';

/** The 18+ box and the three conditions, all ticked (spec 2 §5): every order body carries them. */
export const AGREED = { adult: 1, conditions: [...RECHARGE_CONDITIONS] };

/** Just past the 5 s throttle: a fake clock moved by this may make the player's next order. */
export const THROTTLE_GAP_MS = RECHARGE_THROTTLE_MS + 1;

/** The sandbox cashier's signing key outside production (config SANDBOX_PAY_SECRET's default). */
export const SANDBOX_SECRET = 'kaixiang-dev-sandbox-pay-secret';
