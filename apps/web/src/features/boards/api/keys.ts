import { USER_QUERY_ROOT } from '../../../lib/session.ts';

/**
 * The boards answer everyone, with the caller's own standing when signed in: each key carries the
 * login so a sign-in shows the standing at once, and sits under the user root so a sign-out drops
 * it. A file of its own so the reward notice's chunk can name it without the contract's schemas.
 */
export const BOARDS_QUERY_ROOT = [USER_QUERY_ROOT, 'boards'] as const;
