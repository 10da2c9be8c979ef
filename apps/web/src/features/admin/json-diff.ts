/**
 * The audit log's before/after as rows a person can read: one row per leaf of the two JSON values
 * (`contents[2].weight`), in the records' own key order, each marked same, changed, added or
 * removed. Walking both values together keeps a changed key where it was instead of listing
 * removals at the end, and an audit record of a creation (before null) reads as all added.
 */
export type DiffKind = 'same' | 'changed' | 'added' | 'removed';

export interface DiffRow {
  /** '' for a value that is not an object or array itself. */
  path: string;
  kind: DiffKind;
  /** Absent for an added row. */
  before?: unknown;
  /** Absent for a removed row. */
  after?: unknown;
}

const MISSING = Symbol('missing');
type Slot = unknown | typeof MISSING;

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

/** An empty object or array is a value of its own (`{}`), not a branch with nothing below it. */
function isBranch(v: unknown): v is Container {
  return isContainer(v) && Object.keys(v).length > 0;
}

const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

function child(path: string, key: string, inArray: boolean): string {
  if (inArray) return `${path}[${key}]`;
  if (PLAIN_KEY.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameJson(ra[k], rb[k]));
}

function eachLeaf(value: unknown, path: string, visit: (path: string, value: unknown) => void): void {
  if (!isBranch(value)) {
    visit(path, value);
    return;
  }
  const inArray = Array.isArray(value);
  for (const [k, v] of Object.entries(value)) eachLeaf(v, child(path, k, inArray), visit);
}

function walk(path: string, a: Slot, b: Slot, out: DiffRow[]): void {
  if (a === MISSING && b === MISSING) return;
  if (a === MISSING) {
    eachLeaf(b, path, (p, after) => out.push({ path: p, kind: 'added', after }));
    return;
  }
  if (b === MISSING) {
    eachLeaf(a, path, (p, before) => out.push({ path: p, kind: 'removed', before }));
    return;
  }
  if (isBranch(a) && isBranch(b) && Array.isArray(a) === Array.isArray(b)) {
    const inArray = Array.isArray(a);
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !Object.hasOwn(ra, k))];
    for (const k of keys) {
      walk(
        child(path, k, inArray),
        Object.hasOwn(ra, k) ? ra[k] : MISSING,
        Object.hasOwn(rb, k) ? rb[k] : MISSING,
        out,
      );
    }
    return;
  }
  if (sameJson(a, b)) {
    eachLeaf(a, path, (p, v) => out.push({ path: p, kind: 'same', before: v, after: v }));
    return;
  }
  // A value that changed its shape (null to an object, a list to a number): one row, both whole.
  out.push({ path, kind: 'changed', before: a, after: b });
}

/** A record with nothing before (a creation) or nothing after (a deletion) has no such side. */
function slot(v: unknown): Slot {
  return v === null || v === undefined ? MISSING : v;
}

export function diffJson(before: unknown, after: unknown): DiffRow[] {
  const rows: DiffRow[] = [];
  walk('', slot(before), slot(after), rows);
  return rows;
}

/** A leaf as JSON writes it: strings quoted, so "5" and 5, "" and nothing, stay apart. */
export function formatJsonValue(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}
