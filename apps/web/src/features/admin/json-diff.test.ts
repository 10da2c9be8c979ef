import { describe, expect, it } from 'vitest';
import { diffJson, formatJsonValue } from './json-diff.ts';

describe('diffJson', () => {
  it('marks each leaf as it moved, in the record’s own order, with removed keys where they were', () => {
    const before = { name: '千瓦武器箱', price: 250_000, hidden: false, contents: [{ item: 7, tickets: 500 }] };
    const after = {
      name: '千瓦武器箱',
      price: 260_000,
      contents: [
        { item: 7, tickets: 450 },
        { item: 9, tickets: 50 },
      ],
    };
    expect(diffJson(before, after)).toEqual([
      { path: 'name', kind: 'same', before: '千瓦武器箱', after: '千瓦武器箱' },
      { path: 'price', kind: 'changed', before: 250_000, after: 260_000 },
      { path: 'hidden', kind: 'removed', before: false },
      { path: 'contents[0].item', kind: 'same', before: 7, after: 7 },
      { path: 'contents[0].tickets', kind: 'changed', before: 500, after: 450 },
      { path: 'contents[1].item', kind: 'added', after: 9 },
      { path: 'contents[1].tickets', kind: 'added', after: 50 },
    ]);
  });

  it('reads a creation as all added and a deletion as all removed', () => {
    expect(diffJson(null, { id: 3, at: 1 })).toEqual([
      { path: 'id', kind: 'added', after: 3 },
      { path: 'at', kind: 'added', after: 1 },
    ]);
    expect(diffJson({ id: 3 }, undefined)).toEqual([{ path: 'id', kind: 'removed', before: 3 }]);
    expect(diffJson(null, null)).toEqual([]);
  });

  it('keeps a value that changed its shape whole, and empty objects and lists as values', () => {
    expect(diffJson({ a: [1], b: {}, c: 'x' }, { a: 5, b: {}, c: { d: 1 } })).toEqual([
      { path: 'a', kind: 'changed', before: [1], after: 5 },
      { path: 'b', kind: 'same', before: {}, after: {} },
      { path: 'c', kind: 'changed', before: 'x', after: { d: 1 } },
    ]);
    expect(diffJson(3, 4)).toEqual([{ path: '', kind: 'changed', before: 3, after: 4 }]);
  });

  it('writes keys that are not plain names so they cannot be misread', () => {
    expect(diffJson({ 'zh-CN': 'a', 'a.b': 1 }, { 'zh-CN': 'b', 'a.b': 1 }).map((r) => r.path)).toEqual([
      '["zh-CN"]',
      '["a.b"]',
    ]);
  });

  it('tells a string from a number and nothing from an empty string', () => {
    expect(formatJsonValue('5')).toBe('"5"');
    expect(formatJsonValue(5)).toBe('5');
    expect(formatJsonValue('')).toBe('""');
    expect(formatJsonValue(null)).toBe('null');
    expect(formatJsonValue([1, { a: 2 }])).toBe('[1,{"a":2}]');
  });
});
