import type { Db } from '../../db/client.ts';
import { avatars } from '../../db/schema/accounts.ts';
import { AVATAR_COUNT } from './avatar-svg.ts';

/**
 * The avatar set. Idempotent; an operator's edits survive. (The trade-link reward is the free box
 * of energy/free-boxes.ts now; a `bind_coin` setting an older database holds is read by nothing.)
 */
export async function seedAccounts(db: Db): Promise<void> {
  await db
    .insert(avatars)
    .values(
      Array.from({ length: AVATAR_COUNT }, (_, i) => ({ id: i + 1, url: `/img/avatars/${i + 1}.svg`, sort: i + 1 })),
    )
    .onConflictDoNothing();
}
