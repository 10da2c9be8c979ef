/**
 * Which pages may open the socket at /connect (docs/platform.md §Realtime, socket origin).
 * Browsers always send Origin on a websocket handshake and let any page open a socket to any
 * host, so the Origin is what stops another site's page from using a visitor's browser (and a
 * token it got hold of) on our socket.
 *
 * - No Origin header: allowed. It is not a browser (benches, tests, server-to-server), and a
 *   non-browser client can send whatever Origin it likes anyway, so refusing it protects nothing.
 * - PUBLIC_ORIGIN set: its origin is allowed (scheme, host and port, as URL.origin normalises them).
 * - Outside production only: any http(s) origin on localhost, 127.0.0.1 or [::1], on any port (the
 *   Vite dev server on :5173, the browser tests' server on a free port), and, when PUBLIC_ORIGIN
 *   is unset, the origin whose host is the request's own Host (a development box reached by name).
 * - Everything else, `null` (sandboxed frames, file://) and malformed values included: refused.
 */
export type SocketOriginCheck = (origin: string | undefined, requestHost: string | undefined) => boolean;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function socketOriginCheck(config: {
  NODE_ENV: 'development' | 'production' | 'test';
  PUBLIC_ORIGIN?: string | undefined;
}): SocketOriginCheck {
  const publicOrigin = config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : undefined;
  const production = config.NODE_ENV === 'production';
  return (origin, requestHost) => {
    if (origin === undefined) return true;
    const url = parseOrigin(origin);
    if (!url) return false;
    if (url.origin === publicOrigin) return true;
    if (production) return false;
    if (LOOPBACK_HOSTS.has(url.hostname)) return true;
    return publicOrigin === undefined && requestHost !== undefined && sameHost(url, requestHost);
  };
}

function parseOrigin(origin: string): URL | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The Host header read with the Origin's scheme, so `site:80` and `http://site` compare equal. */
function sameHost(origin: URL, requestHost: string): boolean {
  try {
    return new URL(`${origin.protocol}//${requestHost}`).host === origin.host;
  } catch {
    return false;
  }
}
