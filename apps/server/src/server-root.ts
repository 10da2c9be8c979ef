import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), for the files it reads at run time: migrations,
 * SQL functions, the catalogue, media. Found from this module's own address, which is one level
 * below it both as source (src/server-root.ts, run by tsx) and once built (dist/main.js, one
 * bundle): every such path is resolved from here, never from the file that reads it.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A path below apps/server. */
export const serverPath = (relative: string) => `${SERVER_ROOT}${relative}`;
