import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * PostgreSQL text cannot hold U+0000: a string carrying one fails its query, and the player
 * would get a 500 from whichever route hands the string to the database (found by the API fuzz
 * test). No field of ours has a use for it, so every request string, keys included, is checked
 * once here, before the route's own schema.
 */
export function installNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const path = nulAt(req.params, 'params') ?? nulAt(req.query, 'querystring') ?? nulAt(req.body, 'body');
    if (path !== null) {
      throw new AppError('VALIDATION_FAILED', { details: [{ path, message: 'must not contain a NUL character' }] });
    }
  });
}

/** Where the first string holding U+0000 is, walked without recursion (bodies nest as deep as they like). */
function nulAt(root: unknown, rootPath: string): string | null {
  const stack: Array<[unknown, string]> = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) return path;
        stack.push([v, `${path}.${k}`]);
      }
    }
  }
  return null;
}
