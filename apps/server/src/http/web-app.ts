import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding, precompress } from './compression.ts';

/** Paths the SPA must never answer: they belong to the API, the socket, media and tooling. */
const SERVER_PREFIXES = ['/api/', '/connect', '/img/', '/audio/', '/docs', '/dev/', '/metrics', '/healthz', '/readyz'];

/**
 * Serves the built web app: hashed assets straight from disk, and index.html for every other GET
 * (client-side routes, /notFound included), with the runtime config injected so the signing
 * key and environment are not baked into the build.
 *
 * The build writes a brotli and a gzip twin beside every asset (apps/web/vite.config.ts); the
 * one the browser accepts is sent as is, so assets cost no compression work per request.
 * index.html is compressed once here, after the injection.
 */
export async function installWebApp(
  app: FastifyInstance,
  opts: {
    webDist: string;
    signKey: string;
    env: string;
    /**
     * Images a page's first screen is about (the home page's first banner: its largest paint),
     * named in its HTML as preloads so the browser fetches them with the scripts instead of after
     * the scripts have run and asked the API what to show. Best effort: a failure names none.
     */
    preloadImages?: (path: string) => Promise<string[]>;
  },
): Promise<void> {
  const root = resolve(opts.webDist);
  const indexPath = resolve(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root }, 'web app not built: only the API is served (run npm start to build it)');
    return;
  }
  const configScript = runtimeConfigScript(opts);
  const template = readFileSync(indexPath, 'utf8');
  // One compressed page per set of preloads (the banners change when an operator edits them):
  // each is compressed once, and only a handful ever exist at a time.
  const pages = new Map<string, ReturnType<typeof precompress>>();
  const pageWith = (preloads: string[]) => {
    const head = preloads
      .map((href) => `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`)
      .join('');
    let page = pages.get(head);
    if (!page) {
      if (pages.size >= 16) pages.clear();
      page = precompress(template.replace('</head>', `${head}<script>${configScript}</script></head>`));
      pages.set(head, page);
    }
    return page;
  };
  const sendHtml = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    const preloads = opts.preloadImages ? await opts.preloadImages(path).catch(() => []) : [];
    const html = pageWith(preloads);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(html[encoding ?? 'identity']);
  };
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The .br/.gz twins are reached through their asset's URL, never by their own; /index.html is
    // the SPA's route below like any other page, so it too carries the runtime config.
    globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (SERVER_PREFIXES.some((p) => path.startsWith(p))) return reply.callNotFound();
    return sendHtml(req, reply, path);
  });
  app.get('/', { schema: { hide: true } }, async (req, reply) => sendHtml(req, reply, '/'));
}

/**
 * The one inline script of the site's pages: the runtime config. The security headers allow it by
 * its hash (http/security-headers.ts), so it must be exactly this text.
 */
export function runtimeConfigScript(opts: { signKey: string; env: string }): string {
  return `window.__KX__=${JSON.stringify({ signKey: opts.signKey, env: opts.env }).replace(/</g, '\\u003c')}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
