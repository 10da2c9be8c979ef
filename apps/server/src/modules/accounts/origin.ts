import type { FastifyRequest } from 'fastify';

/**
 * The site's public origin: PUBLIC_ORIGIN when configured, else what the request was sent to,
 * normalised as URL.origin does (default ports dropped) so comparisons are exact.
 */
export function siteOrigin(req: FastifyRequest, configured: string | undefined): string {
  return new URL(configured ?? `${req.protocol}://${req.host}`).origin;
}
