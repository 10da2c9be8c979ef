import { isLocale, type Locale, resolveLocale } from '@kaixiang/shared/locale';
import type { FastifyRequest } from 'fastify';

/**
 * The player's language: an explicit `x-lang` header (the web client sends its current choice),
 * else Accept-Language, else zh-CN.
 */
export function requestLocale(req: FastifyRequest): Locale {
  const explicit = req.headers['x-lang'];
  if (isLocale(explicit)) return explicit;
  return resolveLocale(req.headers['accept-language']);
}
