import fc from 'fast-check';
import { boundary, type Dictionary, HUGE_STRING, invalid, type JsonSchema, valid } from './fuzz-schema.ts';

/**
 * The requests of the API fuzz test (apps/server/src/http/api.fuzz.int.test.ts): the operations
 * of the OpenAPI document, and for each an arbitrary of whole requests — path, query, body and
 * content type of one kind (valid, boundary, invalid or raw), with a signature, a login and a
 * language chosen independently.
 */

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  body?: JsonSchema;
  query?: JsonSchema;
  params?: JsonSchema;
}

export type Kind = 'valid' | 'boundary' | 'invalid' | 'raw';

export interface Case {
  kind: Kind;
  url: string;
  body: string | undefined;
  contentType: string | null;
  sign: 'signed' | 'unsigned' | 'garbled';
  auth: 'player' | 'none' | 'garbage';
  lang: { 'x-lang'?: string; 'accept-language'?: string };
  ip: string;
}

/** The operations of the document, GETs first: what they answer seeds the dictionary for the writes. */
export function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean; schema: JsonSchema }[];
      const group = (where: string): JsonSchema | undefined => {
        const ps = params.filter((p) => p.in === where);
        if (!ps.length) return undefined;
        return {
          type: 'object',
          properties: Object.fromEntries(ps.map((p) => [p.name, p.schema])),
          required: ps.filter((p) => p.required).map((p) => p.name),
        };
      };
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      ops.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        ...(body ? { body } : {}),
        ...(group('query') ? { query: group('query') } : {}),
        ...(group('path') ? { params: group('path') } : {}),
      });
    }
  }
  return ops.sort((a, b) => (a.method === b.method ? 0 : a.method === 'GET' ? -1 : 1));
}

/** encodeURIComponent, with lone surrogates (which it refuses) made the replacement character as a browser does. */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** Text of a generated value (null-prototype objects have no toString). */
const asText = (v: unknown): string => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A query string from generated values: arrays repeat the key, objects go as JSON, like careless clients. */
function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `?q=${enc(asText(value))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      parts.push(`${enc(k)}=${enc(asText(one))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const RAW_QUERIES = [
  '?%',
  '?page=%E0%A4%A',
  '?page[]=1',
  '?__proto__[x]=1',
  '?a=1&a=2&a=3',
  `?q=${HUGE_STRING}`,
  '?=&&=',
];
const RAW_BODIES = [
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}}',
  '"text"',
  '123',
  'null',
  '[]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  'x'.repeat(1024 * 1024 + 10),
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json;;;',
  null,
];

export function caseArbitrary(op: Operation, dict: Dictionary): fc.Arbitrary<Case> {
  const gen = { valid, boundary, invalid };
  const pathFor = (kind: Kind): fc.Arbitrary<string> => {
    if (!op.params) return fc.constant(op.path);
    const values: fc.Arbitrary<unknown> =
      kind === 'raw' ? fc.constant({}) : gen[kind === 'invalid' ? 'invalid' : kind](op.params, '', dict);
    const raw = fc.constantFrom('%', '%E0%A4%A', '..%2F..', 'sandbox%00', 'a/b');
    return fc.tuple(values, raw).map(([v, r]) =>
      op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const x = (v as Record<string, unknown> | null)?.[name];
        return kind === 'raw' || x === undefined ? r : enc(asText(x));
      }),
    );
  };
  const queryFor = (kind: Kind): fc.Arbitrary<string> => {
    if (kind === 'raw') return fc.constantFrom(...RAW_QUERIES);
    if (!op.query)
      return kind === 'invalid' ? fc.dictionary(fc.string(), fc.string()).map(queryString) : fc.constant('');
    return gen[kind](op.query, '', dict).map(queryString);
  };
  const bodyFor = (kind: Kind): fc.Arbitrary<{ body: string | undefined; contentType: string | null }> => {
    const json = (s: string) => ({ body: s, contentType: 'application/json' as string | null });
    if (kind === 'raw') {
      return fc.oneof(
        fc.constantFrom(...RAW_BODIES).map(json),
        fc
          .tuple(op.body ? valid(op.body, '', dict) : fc.constant({}), fc.constantFrom(...CONTENT_TYPES))
          .map(([v, contentType]) => ({ body: JSON.stringify(v), contentType })),
        fc.constant({ body: '', contentType: 'application/json' as string | null }),
      );
    }
    if (!op.body) return fc.constant({ body: undefined, contentType: null });
    return gen[kind](op.body, '', dict).map((v) => json(JSON.stringify(v) ?? 'null'));
  };
  const kinds: fc.Arbitrary<Kind> = fc.oneof(
    { arbitrary: fc.constant('valid' as const), weight: 4 },
    { arbitrary: fc.constant('boundary' as const), weight: 2 },
    { arbitrary: fc.constant('invalid' as const), weight: 3 },
    { arbitrary: fc.constant('raw' as const), weight: 1 },
  );
  const lang = fc.oneof(
    { arbitrary: fc.constantFrom('zh-CN', 'zh-TW', 'en-US').map((l) => ({ 'x-lang': l })), weight: 6 },
    fc
      .constantFrom('zh-HK,zh;q=0.9', 'en-GB,en;q=0.8', 'zh-Hant-TW', 'fr-FR', 'zh;q=abc,en', ';;;', '*')
      .map((a) => ({ 'accept-language': a })),
    fc.constant({ 'x-lang': 'xx-YY', 'accept-language': 'en' }),
    fc.constant({}),
  );
  return kinds.chain((kind) =>
    fc
      .record({
        kind: fc.constant(kind),
        path: pathFor(kind),
        query: queryFor(kind),
        payload: bodyFor(kind),
        sign: fc.constantFrom('signed', 'signed', 'signed', 'signed', 'signed', 'signed', 'unsigned', 'garbled'),
        auth: fc.constantFrom('player', 'player', 'player', 'none', 'garbage'),
        lang,
        ip: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.77.${a}.${b}`),
      })
      .map(({ path, query, payload, ...rest }) => ({ ...rest, url: path + query, ...payload }) as Case),
  );
}
