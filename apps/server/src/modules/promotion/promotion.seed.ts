import { DEFAULT_INVITE_REBATE_BP } from '@kaixiang/shared/promotion';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/site.ts';
import { INVITE_REBATE_SETTING } from './invite.service.ts';
import { DEFAULT_PICKUP_REWARDS, PICKUP_REWARDS_SETTING } from './ranking.service.ts';

/** The ranking prizes and the invite rebate share as editable settings. Idempotent; edits survive. */
export async function seedPromotion(db: Db): Promise<void> {
  await db
    .insert(siteSettings)
    .values([
      { key: PICKUP_REWARDS_SETTING, value: JSON.stringify(DEFAULT_PICKUP_REWARDS) },
      { key: INVITE_REBATE_SETTING, value: JSON.stringify(DEFAULT_INVITE_REBATE_BP) },
    ])
    .onConflictDoNothing();
}
