import type { Db } from '../../db/client.ts';
import { avatars } from '../../db/schema/accounts.ts';
import { siteSettings } from '../../db/schema/site.ts';
import { AVATAR_COUNT } from './avatar-svg.ts';
import { BIND_COIN_SETTING, DEFAULT_BIND_COIN_UNITS } from './user.service.ts';

/** The avatar set and the trade-link reward setting. Idempotent; an operator's edits survive. */
export async function seedAccounts(db: Db): Promise<void> {
  await db
    .insert(avatars)
    .values(
      Array.from({ length: AVATAR_COUNT }, (_, i) => ({ id: i + 1, url: `/img/avatars/${i + 1}.svg`, sort: i + 1 })),
    )
    .onConflictDoNothing();
  await db
    .insert(siteSettings)
    .values({ key: BIND_COIN_SETTING, value: JSON.stringify(DEFAULT_BIND_COIN_UNITS) })
    .onConflictDoNothing();
}
