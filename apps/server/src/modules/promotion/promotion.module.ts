import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createInviteService, type InviteService } from './invite.service.ts';
import { createRankingService, type RankingService } from './ranking.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pickup ranking and invite rebates: main.ts schedules the prize job, tests drive it. */
    promotion: PromotionModule;
  }
}

export interface PromotionModule {
  ranking: RankingService;
  invite: InviteService;
}

export function createPromotionModule(rt: Runtime, ledger: Ledger): PromotionModule {
  const db = rt.database.db;
  return { ranking: createRankingService({ db, ledger, clock: rt.clock }), invite: createInviteService({ db }) };
}
