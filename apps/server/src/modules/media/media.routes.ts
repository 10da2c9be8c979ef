import fastifyStatic from '@fastify/static';
import { isLocale } from '@kaixiang/shared/locale';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { caseDefs, itemDefs } from '../../db/schema/catalogue.ts';
import { serverPath } from '../../server-root.ts';
import { avatarSvg } from '../accounts/avatar-svg.ts';
import { caseSvg, itemSvg } from '../catalogue/item-svg.ts';
import { siteRepo } from '../site/site.repo.ts';
import { pick } from '../site/site.service.ts';

const ASSETS = serverPath('assets/public');
const QR_KEYS = new Set(['group', 'app', 'contact']);
const idParam = { schema: { hide: true } } as const;
type ImgRequest = { Params: { id: string }; Querystring: { lang?: string } };

function localeOf(lang: string | undefined) {
  return isLocale(lang) ? lang : 'zh-CN';
}

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

    // Item and case art drawn locally: the web shows these when the CDN image does not load.
    app.get<ImgRequest>('/img/items/:id.svg', idParam, async (req, reply) => {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id)) return reply.callNotFound();
      const [item] = await db.select().from(itemDefs).where(eq(itemDefs.id, id));
      if (!item) return reply.callNotFound();
      const name = pick({ zhCn: item.nameZhCn, zhTw: item.nameZhTw, en: item.nameEn }, localeOf(req.query.lang));
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(itemSvg({ name, weaponClass: item.weaponClass, quality: item.quality }));
    });

    app.get<ImgRequest>('/img/cases/:id.svg', idParam, async (req, reply) => {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id)) return reply.callNotFound();
      const [box] = await db.select().from(caseDefs).where(eq(caseDefs.id, id));
      if (!box) return reply.callNotFound();
      const name = pick({ zhCn: box.nameZhCn, zhTw: box.nameZhTw, en: box.nameEn }, localeOf(req.query.lang));
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(caseSvg({ name }));
    });
  };
}
