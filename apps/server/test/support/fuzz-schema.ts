import fc from 'fast-check';

/**
 * JSON Schema (as @fastify/swagger prints our zod schemas in the OpenAPI document) to fast-check
 * arbitraries, for the API fuzz test (apps/server/src/http/api.fuzz.int.test.ts). Three kinds:
 * values the schema accepts, values at its edges (both sides), and values with one deliberate
 * fault. Only the keywords our document uses are understood; anything else generates any JSON.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
}

/** Values seen in earlier answers, by field name: a box id from the box list makes an opening real. */
export type Dictionary = ReadonlyMap<string, readonly (string | number)[]>;

type Gen = (s: JsonSchema, name: string) => fc.Arbitrary<unknown>;

const SAFE = Number.MAX_SAFE_INTEGER;
const INT4_MAX = 2 ** 31 - 1;
/** Longer than any field allows and than a careless column holds, well under the 1 MiB body limit. */
export const HUGE_STRING = 'x'.repeat(100_000);

/** Field names whose valid values have a shape the schema does not state (the route's own rules). */
const HINTS: Record<string, fc.Arbitrary<string>> = {
  mobile: fc.stringMatching(/^1[3-9]\d{9}$/),
  phone: fc.stringMatching(/^1[3-9]\d{9}$/),
  email: fc.emailAddress(),
  password: fc.stringMatching(/^[0-9a-f]{64}$/),
  re_password: fc.stringMatching(/^[0-9a-f]{64}$/),
  verify_code: fc.stringMatching(/^\d{6}$/),
  old_code: fc.stringMatching(/^\d{6}$/),
  new_code: fc.stringMatching(/^\d{6}$/),
  request_id: fc.uuid(),
  client_seed: fc.stringMatching(/^[0-9a-zA-Z]{8,32}$/),
  identification: fc.stringMatching(/^\d{17}[\dX]$/),
  provider: fc.constantFrom('sandbox', 'alipay', 'wechat'),
  steam_link: fc.constant('https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCdEf12'),
};

/** Names that point at another record's id when no answer carried that name. */
const idLike = (name: string) => name === '_id' || name === 'ids' || name.endsWith('_id');

function bounds(s: JsonSchema, integer: boolean): { lo: number; hi: number } {
  const step = integer ? 1 : Number.EPSILON;
  let lo = s.minimum ?? -SAFE;
  let hi = s.maximum ?? SAFE;
  if (s.exclusiveMinimum === true) lo += step;
  else if (typeof s.exclusiveMinimum === 'number') lo = s.exclusiveMinimum + step;
  if (s.exclusiveMaximum === true) hi -= step;
  else if (typeof s.exclusiveMaximum === 'number') hi = s.exclusiveMaximum - step;
  return { lo, hi };
}

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** One property of an object replaced by what `f` makes of it: the rest stays valid. */
function oneField(s: JsonSchema, dict: Dictionary, f: Gen): fc.Arbitrary<unknown> | null {
  const names = Object.keys(s.properties ?? {});
  if (names.length === 0) return null;
  return fc
    .constantFrom(...names)
    .chain((k) =>
      fc
        .tuple(valid(s, '', dict), f(s.properties![k]!, k))
        .map(([o, v]) => ({ ...(o as Record<string, unknown>), [k]: v })),
    );
}

export function valid(s: JsonSchema, name: string, dict: Dictionary): fc.Arbitrary<unknown> {
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valid(a, name, dict)));
  if (s.allOf?.length) return valid(s.allOf[0]!, name, dict);
  let arb: fc.Arbitrary<unknown>;
  if (s.enum?.length) arb = fc.constantFrom(...s.enum);
  else if (s.const !== undefined) arb = fc.constant(s.const);
  else {
    const type = typeOf(s);
    switch (type) {
      case 'integer':
      case 'number': {
        const { lo, hi } = bounds(s, type === 'integer');
        const smallLo = Math.max(lo, -10);
        const smallHi = Math.min(hi, Math.max(smallLo, 100));
        const small = type === 'integer' ? fc.integer({ min: Math.ceil(smallLo), max: Math.floor(smallHi) }) : null;
        const wide =
          type === 'integer'
            ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
            : fc.double({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9), noNaN: true, noDefaultInfinity: true });
        arb = small && smallLo <= smallHi ? fc.oneof({ arbitrary: small, weight: 3 }, wide) : wide;
        break;
      }
      case 'string': {
        const min = s.minLength ?? 0;
        const max = Math.max(min, Math.min(s.maxLength ?? 40, 40));
        const hint = HINTS[name];
        arb =
          s.format === 'uri'
            ? fc.webUrl()
            : fc.oneof(
                ...(hint ? [{ arbitrary: hint, weight: 3 }] : []),
                fc.string({ minLength: min, maxLength: max }),
                fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
              );
        break;
      }
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'array':
        arb = fc.array(s.items ? valid(s.items, name, dict) : fc.jsonValue({ maxDepth: 1 }), {
          minLength: s.minItems ?? 0,
          maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 5, 5)),
        });
        break;
      case 'object': {
        const props = s.properties ?? {};
        arb = fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, valid(p, k, dict)])), {
          requiredKeys: (s.required ?? []).filter((k) => k in props),
        });
        break;
      }
      default:
        arb = fc.jsonValue({ maxDepth: 2 });
    }
  }
  const seen = dict.get(name) ?? (idLike(name) ? dict.get('id') : undefined);
  const type = typeOf(s);
  const fitting = seen?.filter((v) =>
    type === 'string' ? typeof v === 'string' : type === 'integer' || type === 'number' ? typeof v === 'number' : false,
  );
  if (fitting?.length) arb = fc.oneof(arb, { arbitrary: fc.constantFrom(...fitting), weight: 2 });
  return s.nullable ? fc.option(arb, { nil: null, freq: 5 }) : arb;
}

/** Values exactly at the schema's limits and one step past them. */
export function boundary(s: JsonSchema, name: string, dict: Dictionary): fc.Arbitrary<unknown> {
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => boundary(a, name, dict)));
  if (s.enum?.length) return fc.constantFrom(s.enum[0], s.enum[s.enum.length - 1]);
  const type = typeOf(s);
  switch (type) {
    case 'integer':
    case 'number': {
      const { lo, hi } = bounds(s, type === 'integer');
      // Besides the schema's own limits, the edges of the database's integer column.
      const edges = [lo, hi, lo - 1, hi + 1, 0, 1, -1, INT4_MAX, INT4_MAX + 1, -INT4_MAX - 2];
      return fc.constantFrom(...new Set(edges));
    }
    case 'string': {
      const max = s.maxLength;
      const edges = ['', ' ', '\t\n', '0', '中文', '\u0000', 'a\u0000b', '\ud800', '😀'];
      if (max !== undefined) edges.push('x'.repeat(max), 'x'.repeat(max + 1), '中'.repeat(max), '😀'.repeat(max));
      if (s.minLength) edges.push('x'.repeat(s.minLength - 1));
      return fc.constantFrom(...edges);
    }
    case 'array': {
      const item = s.items ? valid(s.items, name, dict) : fc.constant(1);
      const max = s.maxItems ?? 100;
      return fc.oneof(fc.constant([]), fc.array(item, { minLength: max, maxLength: max + 1 }));
    }
    case 'object':
      return oneField(s, dict, (p, k) => boundary(p, k, dict)) ?? fc.constant({});
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constantFrom(null, 0, '', [], {});
  }
}

/** A wrong type, a missing required field, an extra field, a huge or malformed value. */
export function invalid(s: JsonSchema, name: string, dict: Dictionary): fc.Arbitrary<unknown> {
  const wrongTypes = fc.constantFrom<unknown>(null, true, 0, -1, 1.5, '', 'abc', [], {}, [1, 2], { a: 1 });
  const type = typeOf(s);
  let own: fc.Arbitrary<unknown>;
  switch (type) {
    case 'integer':
    case 'number':
      own = fc.constantFrom<unknown>(
        1.5,
        -0.5,
        -1,
        -SAFE,
        SAFE,
        2 ** 53,
        2 ** 63,
        1e21,
        -1e21,
        1e308,
        -1e308,
        5e-324,
        '1',
        '1e3',
        '0x10',
        'NaN',
        'Infinity',
        HUGE_STRING,
      );
      break;
    case 'string':
      own = fc.constantFrom<unknown>(123, HUGE_STRING, 'x'.repeat((s.maxLength ?? 1000) + 1), '\u0000'.repeat(64), {
        toString: 'x',
      });
      break;
    case 'array':
      own = fc.oneof(
        fc.constant('1,2,3'),
        fc.constant(Array.from({ length: 1000 }, (_, i) => i + 1)),
        fc.array(s.items ? invalid(s.items, name, dict) : wrongTypes, { minLength: 1, maxLength: 3 }),
      );
      break;
    case 'object': {
      const props = s.properties ?? {};
      const required = (s.required ?? []).filter((k) => k in props);
      const base = valid(s, '', dict) as fc.Arbitrary<Record<string, unknown>>;
      const parts: fc.Arbitrary<unknown>[] = [
        fc
          .tuple(base, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }))
          .map(([o, k, v]) => ({ ...o, [k]: v })),
        fc.constant(Array.from({ length: 50 }, () => ({}))),
      ];
      if (required.length) {
        parts.push(
          fc.tuple(base, fc.constantFrom(...required)).map(([o, k]) => {
            const { [k]: _dropped, ...rest } = o;
            return rest;
          }),
        );
      }
      const deeper = oneField(s, dict, (p, k) => invalid(p, k, dict));
      if (deeper) parts.push(deeper, deeper);
      own = fc.oneof(...parts);
      break;
    }
    default:
      own = wrongTypes;
  }
  return fc.oneof({ arbitrary: own, weight: 3 }, wrongTypes);
}
