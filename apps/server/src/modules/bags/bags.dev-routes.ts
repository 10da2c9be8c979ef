import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { accountsRepo } from '../accounts/accounts.repo.ts';
import { grantBagsInTx } from './bags.grants.ts';
import { bagsRepo } from './bags.repo.ts';
import type { BagsService } from './bags.service.ts';

/**
 * Development-only (never registered in production): gives a player lucky bags of a campaign (the
 * seeded gift campaign by default), so a person trying the site, and the browser tests, have a
 * bag to open without a recharge. Listed on the /dev index.
 */
export function bagsDevRoutes(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  bags: BagsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/test/bag',
      {
        schema: {
          hide: true,
          body: z.object({
            user_id: z.number().int().positive().max(2_147_483_647),
            /** A campaign id; the seeded gift campaign when absent. */
            campaign_id: z.number().int().positive().max(2_147_483_647).optional(),
            count: z.number().int().min(1).max(10).default(1),
          }),
        },
      },
      async (req) => {
        const b = req.body;
        const campaign = b.campaign_id
          ? await bagsRepo.campaign(deps.db, b.campaign_id)
          : (await bagsRepo.campaigns(deps.db)).find((c) => c.slug === 'gift');
        if (!campaign) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
        if (!(await accountsRepo.userById(deps.db, b.user_id))) throw new AppError('BAG_PLAYER_NOT_FOUND');
        const nowMs = deps.clock.now();
        const granted = await deps.transaction((tx) =>
          grantBagsInTx(
            tx,
            {
              userId: b.user_id,
              campaignId: campaign.id,
              source: 'admin',
              key: `dev:${campaign.id}:${b.user_id}:${nowMs}:${req.id}`,
              count: b.count,
            },
            new Date(nowMs),
          ),
        );
        await deps.bags.publishCount(b.user_id);
        return { code: 200, data: { campaign_id: campaign.id, granted }, msg: '' };
      },
    );
  };
}
