import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer (docs/security.md "Security headers"): a Content-Security-Policy
 * the built web app satisfies without inline scripts, framing refused (clickjacking on paid
 * actions), nosniff, Referrer-Policy, Cross-Origin-Opener-Policy, and HSTS when served over https.
 *
 * helmet (the library behind @fastify/helmet) builds each policy's middleware once here; the
 * Fastify plugin rebuilds the middleware on every request (about 20 µs against 3 µs measured).
 */
export interface SecurityHeadersOptions {
  /** Bodies of the inline scripts the server writes into its pages (web-app.ts), allowed by hash. */
  inlineScripts: string[];
  /** Origins pictures may come from besides the site: the catalogue's image CDN. */
  imageOrigins: string[];
  /** PUBLIC_ORIGIN: the socket's origin, and https there means HSTS on every answer. */
  publicOrigin: string | undefined;
  /** The /dev tool pages are served (never in production): they get their own, looser policy. */
  devPages: boolean;
}

/** A year: the usual HSTS life. No includeSubDomains: other hosts of the operator's domain are not ours to pin. */
export const HSTS_VALUE = 'max-age=31536000';

type Directives = Record<string, (string | ((req: IncomingMessage) => string))[]>;

const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where the page's socket connects (`/connect` on the page's own host): 'self' covers ws/wss of the
 * same host in current browsers, older Safari needs it named. Without PUBLIC_ORIGIN the host is
 * the one the browser asked for, as the web client takes it from `location.host`.
 */
function socketSources(publicOrigin: string | undefined): string | ((req: IncomingMessage) => string) {
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  }
  return (req) => {
    const host = req.headers.host;
    return host && HOST_HEADER.test(host) ? `ws://${host} wss://${host}` : "'self'";
  };
}

/** The three policies by name: the site, the /dev tool pages, the API docs. */
function contentSecurityPolicies(opts: SecurityHeadersOptions): Record<'site' | 'dev' | 'docs', Directives> {
  const hashes = opts.inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  const common: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    // No page of ours may be framed by anyone, ourselves included (X-Frame-Options: DENY for old browsers).
    'frame-ancestors': ["'none'"],
    'connect-src': ["'self'", socketSources(opts.publicOrigin)],
    'media-src': ["'self'"],
    'font-src': ["'self'"],
  };
  return {
    site: {
      ...common,
      'script-src': ["'self'", ...hashes],
      'script-src-attr': ["'none'"],
      // React sets style props through the CSSOM, which CSP does not govern: no inline styles needed.
      'style-src': ["'self'"],
      // data: the stylesheet's inline SVG icons, the captcha and the QR codes drawn in the browser.
      'img-src': ["'self'", 'data:', ...opts.imageOrigins],
    },
    // Hand-written tool pages (sandbox cashier, outbox, trade bot...): inline <script>, onclick and
    // <style>. Never registered in production; still not frameable.
    dev: {
      ...common,
      'script-src': ["'self'", "'unsafe-inline'"],
      'script-src-attr': ["'unsafe-inline'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', ...opts.imageOrigins],
    },
    // Swagger UI at /docs: its scripts are files, but it writes style attributes (inline SVG icons).
    docs: {
      ...common,
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
    },
  };
}

function headersWith(directives: Directives): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Same-origin requests keep their Referer (and Origin on POST); other sites learn nothing,
    // not even the origin: a page URL may carry a one-time Steam ticket (?steamId=).
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    // Set below, only where the site is served over https.
    strictTransportSecurity: false,
  };
}

export function installSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): void {
  const policies = contentSecurityPolicies(opts);
  const site = helmet(headersWith(policies.site));
  const dev = helmet(headersWith(policies.dev));
  const docs = helmet(headersWith(policies.docs));
  // PUBLIC_ORIGIN https means the site is https: browsers ignore HSTS on plain http, so sending
  // it always is harmless, and it does not depend on a proxy passing X-Forwarded-Proto.
  const alwaysHttps = opts.publicOrigin?.startsWith('https://') ?? false;
  app.addHook('onRequest', (req, reply, done) => {
    const path = req.url;
    const headers = opts.devPages && path.startsWith('/dev/') ? dev : path.startsWith('/docs') ? docs : site;
    headers(req.raw, reply.raw, () => {});
    // req.protocol is https for TLS here, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY).
    if (alwaysHttps || req.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
    done();
  });
}
