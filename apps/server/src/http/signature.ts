import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SIGN_HEADERS } from '@kaixiang/shared/signature';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NonceStore } from '../infra/nonce-store.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
    /** Set on a route with `config.deferNonce`: the nonce its own statement claims. */
    deferredNonce?: DeferredNonce;
  }
  interface FastifyContextConfig {
    /**
     * The route claims the signature's nonce in its own database statement instead of the nonce
     * store before it (one round trip fewer on a hot money path): it passes `req.deferredNonce`
     * to that statement and settles it there. See `DeferredNonce`.
     */
    deferNonce?: boolean;
  }
}

/**
 * A request nonce whose claim the route makes itself. The route's statement must refuse the
 * request when the nonce was seen (kept in the row of the effect it made, or among the recorded
 * refusals) and, when it takes effect or refuses, keep the nonce and call `settle()`. A request
 * that ends unsettled — refused before its statement ran, or answered from an earlier request —
 * has its nonce recorded among the refusals before the answer leaves (`DeferredNonceStore`), so a
 * refused request cannot be sent again once it would succeed.
 */
export interface DeferredNonce {
  readonly value: string;
  /** When a record of it may be forgotten: the timestamp's window has passed by then. */
  readonly expiresAtMs: number;
  settle(): void;
}

export interface DeferredNonceStore {
  /** Records the nonce of a request that changed nothing (idempotent). */
  recordRefused(nonce: string, expiresAtMs: number): Promise<void>;
}

interface DeferredState extends DeferredNonce {
  settled: boolean;
}

export interface SignatureOptions {
  secret: string;
  windowMs: number;
  nonces: NonceStore;
  now: () => number;
  /** Paths under /api that outside callers reach without our web client (payment notifications). */
  exempt?: (path: string) => boolean;
  /** Where unsettled deferred nonces go; routes with `config.deferNonce` need it. */
  deferred?: DeferredNonceStore;
}

const NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Verifies the request signature on every /api call (docs/platform.md §Request signature). The
 * same canonical text as packages/shared/signature.ts, computed with node:crypto so verifying
 * costs microseconds. The order of checks matters: the HMAC is checked before the nonce is
 * claimed, so a forged request cannot burn a nonce an honest client is about to use.
 */
export function installSignatureCheck(app: FastifyInstance, opts: SignatureOptions) {
  // Keep the exact bytes: the signature covers the body as sent, not as re-serialised.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    req.rawBody = body;
    if (body.length === 0) return done(null, {});
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      const err = Object.assign(new Error('invalid JSON body'), { statusCode: 400 });
      done(err, undefined);
    }
  });

  // Once per request: a handler that calls reply.callNotFound() (the SPA's GET /* route for an
  // unknown /api path) sends the request through the 404 handler's preHandler hooks again, and a
  // second verification would find its own nonce already claimed and answer SIGNATURE_REPLAYED.
  const verified = new WeakSet<FastifyRequest>();
  app.addHook('preHandler', async (req) => {
    const path = req.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || opts.exempt?.(path) || verified.has(req)) return;
    await verify(req, opts);
    verified.add(req);
  });

  // Every answer passes here, refusals included: a deferred nonce its route did not settle is
  // recorded before the answer leaves.
  app.addHook('onSend', async (req, _reply, payload) => {
    const deferred = req.deferredNonce as DeferredState | undefined;
    if (deferred && !deferred.settled) {
      deferred.settled = true;
      if (!opts.deferred) throw new Error('a route defers its nonce but no deferred nonce store is configured');
      await opts.deferred.recordRefused(deferred.value, deferred.expiresAtMs);
    }
    return payload;
  });
}

async function verify(req: FastifyRequest, opts: SignatureOptions) {
  const ts = req.headers[SIGN_HEADERS.timestamp];
  const nonce = req.headers[SIGN_HEADERS.nonce];
  const sign = req.headers[SIGN_HEADERS.signature];
  if (typeof ts !== 'string' || typeof nonce !== 'string' || typeof sign !== 'string') {
    throw new AppError('SIGNATURE_MISSING');
  }
  if (!/^\d{1,16}$/.test(ts) || !NONCE_RE.test(nonce) || !/^[0-9a-f]{64}$/.test(sign)) {
    throw new AppError('SIGNATURE_INVALID');
  }
  const body = req.rawBody ?? Buffer.alloc(0);
  const text = [req.method.toUpperCase(), req.url, ts, nonce, createHash('sha256').update(body).digest('hex')].join(
    '\n',
  );
  const expected = createHmac('sha256', opts.secret).update(text).digest();
  if (!timingSafeEqual(expected, Buffer.from(sign, 'hex'))) throw new AppError('SIGNATURE_INVALID');
  if (Math.abs(opts.now() - Number(ts)) > opts.windowMs) throw new AppError('SIGNATURE_STALE');
  // Twice the window: a nonce must stay remembered for as long as its timestamp is acceptable.
  const ttlMs = opts.windowMs * 2;
  if (req.routeOptions.config?.deferNonce) {
    const deferred: DeferredState = {
      value: nonce,
      expiresAtMs: opts.now() + ttlMs,
      settled: false,
      settle() {
        deferred.settled = true;
      },
    };
    req.deferredNonce = deferred;
    return;
  }
  if (!(await opts.nonces.claim(nonce, ttlMs))) throw new AppError('SIGNATURE_REPLAYED');
}
