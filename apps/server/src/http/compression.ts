import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers above this size go out compressed: below it the encoding's framing and the CPU cost
 * outweigh the few bytes saved (most error envelopes and small reads stay plain).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The encodings we produce, best first: every browser we serve accepts both. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Compresses responses on the fly (API JSON, SVG art, the docs) when the client accepts it.
 * Responses that already carry a Content-Encoding (the web app's precompressed assets and its
 * index.html, web-app.ts) pass through untouched, so nothing is compressed twice. Requests are
 * taken exactly as sent: the signature covers the raw body (signature.ts), and no client of ours
 * compresses what it sends.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    globalDecompression: false,
  });
}

/**
 * The encoding to answer with for an Accept-Encoding header, or null for the plain body. Honours
 * q-values (q=0 refuses) and `*`; ties go to our order of preference (brotli is smaller).
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const enc of ENCODINGS) {
    const value = q.get(enc) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = enc;
      bestQ = value;
    }
  }
  return best;
}

/** A body prepared once in every encoding (index.html, served from memory on every page load). */
export function precompress(body: string): Record<Encoding | 'identity', Buffer> {
  const raw = Buffer.from(body, 'utf8');
  return {
    identity: raw,
    br: brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
  };
}
