import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { caseSvg } from '../catalogue/item-svg.ts';
import { pick } from '../site/site.service.ts';

const LOCALES = { 'zh-TW': 'zh-TW', 'en-US': 'en-US' } as const;

/** /img/boxes/:id.svg: the locally drawn art of our own (themed) boxes. */
export function boxArtRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string }; Querystring: { lang?: string } }>(
      '/img/boxes/:id.svg',
      { schema: { hide: true } },
      async (req, reply) => {
        const id = Number(req.params.id);
        if (!Number.isSafeInteger(id)) return reply.callNotFound();
        const [box] = await db.select().from(boxes).where(eq(boxes.id, id));
        if (!box) return reply.callNotFound();
        const locale = LOCALES[req.query.lang as keyof typeof LOCALES] ?? 'zh-CN';
        const name = pick({ zhCn: box.nameZhCn, zhTw: box.nameZhTw, en: box.nameEn }, locale);
        // Dearer boxes glow in a rarer colour.
        const tier =
          box.priceUnits >= 5_000_000 ? 7 : box.priceUnits >= 500_000 ? 5 : box.priceUnits >= 100_000 ? 4 : 3;
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=3600')
          .send(caseSvg({ name, color: QUALITY_COLORS[tier] }));
      },
    );
  };
}
