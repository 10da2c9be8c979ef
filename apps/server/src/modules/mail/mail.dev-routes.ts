import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RedeemService } from './redeem.service.ts';

/**
 * Development-only (never registered in production): makes redeem codes so a person trying the
 * site, and the browser tests, can redeem one. Listed on the /dev index.
 */
export function mailDevRoutes(deps: { redeem: RedeemService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/test/redeem-code',
      {
        schema: {
          hide: true,
          body: z.object({
            /** Random (node:crypto) when absent. */
            code: z.string().max(64).optional(),
            /** Units (1/10000 yuan). */
            coins: z.number().int().min(0).max(1e12).default(100_000),
            /** Total uses; null or absent = unlimited. */
            limit: z.number().int().min(1).nullable().optional(),
            /** Catalogue item ids the mail also gives. */
            item_ids: z.array(z.number().int().positive()).max(20).optional(),
            /** Coupon template ids (GET /dev/test/coupons) the mail also gives. */
            coupon_ids: z.array(z.number().int().positive()).max(10).optional(),
            /** Lucky bag campaign ids (kind grant) the mail also gives, one bag each. */
            bag_campaign_ids: z.array(z.number().int().positive()).max(10).optional(),
            /** Epoch ms; none = never expires. */
            expires_at: z.number().int().nullable().optional(),
          }),
        },
      },
      async (req) => {
        const b = req.body;
        const row = await deps.redeem.create({
          code: b.code,
          coinsUnits: b.coins,
          items: (b.item_ids ?? []).map((itemDefId) => ({ itemDefId })),
          coupons: b.coupon_ids ?? [],
          bags: b.bag_campaign_ids ?? [],
          usageLimit: b.limit ?? null,
          expiresAtMs: b.expires_at ?? null,
        });
        return {
          code: 200,
          data: {
            id: row.id,
            code: row.code,
            coins: row.coinsUnits,
            limit: row.usageLimit,
            expires_at: row.expiresAt?.getTime() ?? null,
          },
          msg: '',
        };
      },
    );
  };
}
