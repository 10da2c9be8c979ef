import { describe, expect, it } from 'vitest';
import { bagEntry, bagTable } from './bag-fixture.ts';
import { verifyBagRecord } from './verify-bag.ts';

describe('verifying a lucky bag in the browser', () => {
  it('passes an opening the rules made, showing the entry and its range', () => {
    const record = bagEntry(7, 3);
    const result = verifyBagRecord(record, bagTable());
    expect(result).toMatchObject({ kind: 'checked', ok: true, amount: record.get_money, ticket: record.proof?.ticket });
    if (result.kind !== 'checked') throw new Error('not checked');
    expect(result.ticket >= result.from && result.ticket < result.to).toBe(true);
  });

  it('waits for the seed until the pair is rotated', () => {
    expect(verifyBagRecord(bagEntry(7, 3, false), bagTable())).toEqual({ kind: 'hidden' });
  });

  it('catches a credited amount, a ticket or a table that does not match, each on its own', () => {
    const record = bagEntry(7, 3);
    const table = bagTable();
    expect(verifyBagRecord({ ...record, get_money: 880_000 }, table)).toMatchObject({ ok: false, amountOk: false });
    const p = record.proof;
    if (!p) throw new Error('no proof');
    expect(verifyBagRecord({ ...record, proof: { ...p, ticket: p.ticket + 1 } }, table)).toMatchObject({
      ok: false,
      ticketOk: false,
      amountOk: true,
    });
    const swapped = { ...table, entries: table.entries.map((e, i) => (i === 0 ? { ...e, amount: 6_000 } : e)) };
    expect(verifyBagRecord(record, swapped)).toMatchObject({ ok: false, tableHashOk: false });
    expect(verifyBagRecord({ ...record, proof: { ...p, server_seed_hash: '0'.repeat(64) } }, table)).toMatchObject({
      ok: false,
      seedHashOk: false,
    });
  });
});
