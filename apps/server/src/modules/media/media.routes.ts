import fastifyStatic from '@fastify/static';
import { isRecordId } from '@kaixiang/shared/record-id';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { caseDefs, itemDefs } from '../../db/schema/catalogue.ts';
import { serverPath } from '../../server-root.ts';
import { avatarSvg } from '../accounts/avatar-svg.ts';
import { caseSvg, itemSvg } from '../catalogue/item-svg.ts';
import { siteRepo } from '../site/site.repo.ts';

const ASSETS = serverPath('assets/public');
const QR_KEYS = new Set(['group', 'app', 'contact']);
const idParam = { schema: { hide: true } } as const;
/** Locally drawn item and case art changes only with the drawing code. */
export const ART_CACHE = 'public, max-age=86400';

/**
 * Images and sounds the site draws or ships itself, so it looks complete with no network:
 * QR codes rendered from the configured links, banner art and background music.
 */
export function mediaRoutes(db: Db): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyStatic, {
      root: ASSETS,
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=86400');
      },
    });

    app.get<{ Params: { key: string } }>('/img/qr/:key.svg', { schema: { hide: true } }, async (req, reply) => {
      const key = req.params.key;
      if (!QR_KEYS.has(key)) return reply.callNotFound();
      const settings = await siteRepo.settings(db, [`qr.${key}`]);
      const text = settings.get(`qr.${key}`);
      if (typeof text !== 'string' || !text) return reply.callNotFound();
      const svg = await QRCode.toString(text, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#0b0e17', light: '#ffffff' },
      });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=300').send(svg);
    });

    app.get<{ Params: { n: string } }>('/img/avatars/:n.svg', { schema: { hide: true } }, async (req, reply) => {
      const svg = avatarSvg(Number(req.params.n));
      if (!svg) return reply.callNotFound();
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    });

    // Item and case art drawn locally: the web shows these when the CDN image does not load. The
    // drawings hold no text (item-svg.ts), so one answer serves every language and caches a day.
    app.get<{ Params: { id: string } }>('/img/items/:id.svg', idParam, async (req, reply) => {
      const id = Number(req.params.id);
      if (!isRecordId(id)) return reply.callNotFound();
      const [item] = await db
        .select({ weaponClass: itemDefs.weaponClass, quality: itemDefs.quality })
        .from(itemDefs)
        .where(eq(itemDefs.id, id));
      if (!item) return reply.callNotFound();
      return reply.type('image/svg+xml').header('cache-control', ART_CACHE).send(itemSvg(item));
    });

    app.get<{ Params: { id: string } }>('/img/cases/:id.svg', idParam, async (req, reply) => {
      const id = Number(req.params.id);
      if (!isRecordId(id)) return reply.callNotFound();
      const [box] = await db.select({ id: caseDefs.id }).from(caseDefs).where(eq(caseDefs.id, id));
      if (!box) return reply.callNotFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', ART_CACHE)
        .send(caseSvg({ seed: box.id }));
    });
  };
}
