import { bagsRepo } from '../../src/modules/bags/bags.repo.ts';
import type { TestApp } from './test-app.ts';

/** Gives a player lucky bags through the dev tool (the seeded gift campaign unless one is named). */
export async function giveBags(t: TestApp, userId: number, count = 1, campaignId?: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/dev/test/bag',
    payload: { user_id: userId, count, ...(campaignId ? { campaign_id: campaignId } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`give bags: ${res.body}`);
  return (res.json() as { data: { campaign_id: number } }).data.campaign_id;
}

/** The seeded campaigns' ids by slug (bags.seed.ts). */
export async function seededCampaign(t: TestApp, slug: 'daily_recharge' | 'vip_level' | 'gift'): Promise<number> {
  const found = (await bagsRepo.campaigns(t.rt.database.db)).find((c) => c.slug === slug);
  if (!found) throw new Error(`no seeded campaign ${slug}`);
  return found.id;
}
