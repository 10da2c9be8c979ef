import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { isRecordId } from '@kaixiang/shared/record-id';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { caseSvg } from '../catalogue/item-svg.ts';

/**
 * /img/boxes/:id.svg: the locally drawn art of our own (themed) boxes. Each box's crate is its
 * own (colour, bands and emblem follow from its id); the glow tells its price tier. No name is
 * drawn: the page prints it beside the picture in the viewer's language.
 */
export function boxArtRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>('/img/boxes/:id.svg', { schema: { hide: true } }, async (req, reply) => {
      const id = Number(req.params.id);
      if (!isRecordId(id)) return reply.callNotFound();
      const [box] = await db.select({ id: boxes.id, priceUnits: boxes.priceUnits }).from(boxes).where(eq(boxes.id, id));
      if (!box) return reply.callNotFound();
      // Dearer boxes glow in a rarer colour.
      const tier = box.priceUnits >= 5_000_000 ? 7 : box.priceUnits >= 500_000 ? 5 : box.priceUnits >= 100_000 ? 4 : 3;
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .send(caseSvg({ seed: box.id, color: QUALITY_COLORS[tier] }));
    });
  };
}
