import { randomUUID } from 'node:crypto';
import { priceForRtp } from '@kaixiang/game/box-design';
import { entryForTicket } from '@kaixiang/game/fair';
import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ADMIN_BOX_PATHS, type AdminBoxDetail, type AdminBoxListResponse } from '@kaixiang/shared/admin-boxes';
import { BOX_PATHS } from '@kaixiang/shared/boxes';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { boxVersions } from '../../../db/schema/boxes.ts';
import { boxOpenings } from '../../../db/schema/games.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * New box versions saved while others are saved and while players open the box, on the real
 * PostgreSQL over two server instances (each with its own box cache): version numbers never
 * collide, and every roll carries one version's contents, hash and price together.
 */
describe.skipIf(!PG_URL)('admin boxes: saves and openings at once (PostgreSQL)', () => {
  const env = { DB_POOL_MAX: '20', LOG_LEVEL: 'error', BOX_TICKER_DELAY_MS: '0' };
  let t: TestApp;
  let t2: TestApp;
  let admin: TestUser;
  let starter: AdminBoxDetail;
  beforeAll(async () => {
    t = await startTestApp({ env });
    t2 = await startTestApp({ sharing: t, env });
    admin = await registerUser(t);
    await setRole(t, admin, 'admin');
    const list = (await as<AdminBoxListResponse>(ADMIN_BOX_PATHS.list)).body.data.list;
    const id = list.find((b) => b.slug === 'theme:starter')?.box_id;
    starter = (await as<AdminBoxDetail>(`${ADMIN_BOX_PATHS.detail}?box_id=${id}`)).body.data;
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  const as = <T>(path: string, body?: unknown) =>
    t.api<T>(body === undefined ? 'GET' : 'POST', path, {
      headers: bearer(admin.tokens.access_token),
      ...(body === undefined ? {} : { body }),
    });
  /** A table of two of the starter box's entries (from `at`), tickets split by `split`, priced for ~90 %. */
  const table = (at: number, split: number) => {
    const [a, b] = starter.current.entries.slice(at, at + 2);
    if (!a || !b) throw new Error('the starter box is too small');
    const ev = Math.floor((split * a.price + (1_000_000 - split) * b.price) / 1_000_000);
    return {
      price: priceForRtp(ev, 9_000),
      contents: [
        { item_id: a.item_id, exter: a.exter, tickets: split },
        { item_id: b.item_id, exter: b.exter, tickets: 1_000_000 - split },
      ],
    };
  };
  const save = (i: number) =>
    as<AdminBoxDetail>(ADMIN_BOX_PATHS.saveVersion, {
      box_id: starter.box.box_id,
      ...table(i % 2 === 0 ? 0 : 2, 500_000 + i * 1_000),
      reason: `save ${i}`,
    });

  it('12 saves at once take 12 consecutive versions, each audited once', async () => {
    const db = t.rt.database.db;
    const before = (await db.select().from(boxVersions).where(eq(boxVersions.boxId, starter.box.box_id))).length;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => save(i)));
    expect(results.map((r) => r.body.code)).toEqual(Array(12).fill(200));
    const rows = await db.select().from(boxVersions).where(eq(boxVersions.boxId, starter.box.box_id));
    const numbers = rows.map((r) => r.version).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: before + 12 }, (_, i) => i + 1));
    const log = await as<AuditLogResponse>(`${ADMIN_PATHS.auditLog}?action=box.version&page_size=50`);
    const pairs = log.body.data.list.map((a) => [
      (a.before as { version: number }).version,
      (a.after as { version: number }).version,
    ]);
    expect(pairs.map(([, after]) => after).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(numbers.slice(before));
    for (const [b, a] of pairs) expect(a).toBe((b ?? 0) + 1);
  });

  it('openings on two processes while versions are saved: each roll is one version whole', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => registerUser(t)));
    for (const p of players) await credit(t, p.userId, 1_000_000_000);
    const open = (p: TestUser, app: TestApp) =>
      app.api('POST', BOX_PATHS.open, {
        headers: bearer(p.tokens.access_token),
        body: { box_id: starter.box.box_id, count: 1, request_id: randomUUID() },
      });
    const openings = players.map(async (p, k) => {
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await open(p, (i + k) % 2 ? t2 : t)).body.code);
      return codes;
    });
    const saves = (async () => {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) codes.push((await save(100 + i)).body.code);
      return codes;
    })();
    const [saveCodes, ...openCodes] = await Promise.all([saves, ...openings]);
    expect(saveCodes).toEqual(Array(8).fill(200));
    expect(openCodes.flat()).toEqual(Array(48).fill(200));

    const db = t.rt.database.db;
    const versions = new Map(
      (await db.select().from(boxVersions).where(eq(boxVersions.boxId, starter.box.box_id))).map((v) => [v.version, v]),
    );
    const rolls = await db.select().from(boxOpenings).where(eq(boxOpenings.boxId, starter.box.box_id));
    expect(rolls.length).toBeGreaterThanOrEqual(48);
    const seen = new Set<number>();
    for (const r of rolls) {
      const v = versions.get(r.boxVersion);
      expect(v, `opening ${r.id} names version ${r.boxVersion}`).toBeDefined();
      if (!v) continue;
      seen.add(v.version);
      // The hash and the price of the version it names, and the item its ticket falls on in that version.
      expect([r.oddsHash, r.boxPriceUnits]).toEqual([v.oddsHash, v.priceUnits]);
      const entry = v.contents[entryForTicket(v.contents, r.ticket ?? -1)];
      expect([r.itemDefId, r.exter, r.priceUnits]).toEqual([entry?.itemId, entry?.exter, entry?.priceUnits]);
    }
    // The openings did span several versions (else the test proved nothing).
    expect(seen.size).toBeGreaterThan(1);
  });
});
