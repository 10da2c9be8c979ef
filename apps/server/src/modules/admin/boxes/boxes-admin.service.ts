import {
  type AdminBoxCreateInput,
  type AdminBoxDetail,
  type AdminBoxDetailsInput,
  type AdminBoxListResponse,
  type AdminBoxPreviewInput,
  type AdminBoxPublishInput,
  type AdminBoxSaveInput,
  type AdminBoxSummary,
  type AdminRtpBounds,
  type AdminRtpBoundsInput,
  adminRtpBounds,
  DEFAULT_BOX_RTP_BOUNDS,
} from '@kaixiang/shared/admin-boxes';
import type { Locale } from '@kaixiang/shared/locale';
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { boxCategories, boxes, boxVersions } from '../../../db/schema/boxes.ts';
import { itemDefs } from '../../../db/schema/catalogue.ts';
import { boxOpenings } from '../../../db/schema/games.ts';
import { siteSettings } from '../../../db/schema/site.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import { isUniqueViolation } from '../../accounts/accounts.repo.ts';
import { insertBoxVersion } from '../../boxes/box-versions.ts';
import { loadPriceBook } from '../../catalogue/item-prices.ts';
import type { AdminActor } from '../admin-access.ts';
import { recordAudit } from '../audit.ts';
import { evaluateBox, type ItemFacts, refuseInvalid } from './boxes-admin.evaluate.ts';

/** site_settings key of the operator's RTP bounds: JSON {min_bp, max_bp}. */
export const RTP_BOUNDS_KEY = 'box_rtp_bounds';
/** Boxes made in the console are numbered from here up (the seed's stay below). */
export const FIRST_CONSOLE_BOX_ID = 2_000_001;

export interface BoxesAdminDeps {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** After a committed change: this process's box cache forgets what it held (boxes.service). */
  onChange: () => void;
}

type BoxRow = typeof boxes.$inferSelect;

const summary = (b: BoxRow): AdminBoxSummary => ({
  box_id: b.id,
  slug: b.slug,
  name_zh_cn: b.nameZhCn,
  name_zh_tw: b.nameZhTw,
  name_en: b.nameEn,
  category_id: b.categoryId,
  image: b.image,
  fallback_image: b.fallbackImage,
  price: b.priceUnits,
  rtp_bp: b.rtpBp,
  version: b.version,
  published: b.onSale,
  sort: b.sort,
});

/** What the audit log keeps of a version. */
const versionFacts = (v: { version: number; priceUnits: number; rtpBp: number; oddsHash: string }) => ({
  version: v.version,
  price: v.priceUnits,
  rtp_bp: v.rtpBp,
  odds_hash: v.oddsHash,
});

async function readBounds(on: Db | Tx): Promise<AdminRtpBounds> {
  const [row] = await on
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, RTP_BOUNDS_KEY));
  if (!row) return { ...DEFAULT_BOX_RTP_BOUNDS };
  const parsed = adminRtpBounds.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : { ...DEFAULT_BOX_RTP_BOUNDS };
}

async function itemFacts(on: Db | Tx, ids: readonly number[]): Promise<Map<number, ItemFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await on
    .select({
      id: itemDefs.id,
      zhCn: itemDefs.nameZhCn,
      zhTw: itemDefs.nameZhTw,
      en: itemDefs.nameEn,
      image: itemDefs.image,
      quality: itemDefs.quality,
      weaponClass: itemDefs.weaponClass,
      wearMin: itemDefs.wearMin,
      wearMax: itemDefs.wearMax,
    })
    .from(itemDefs)
    .where(inArray(itemDefs.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { ...r, names: { zhCn: r.zhCn, zhTw: r.zhTw, en: r.en } }]));
}

/**
 * The console's boxes (docs/console/boxes.md). Every change runs in one transaction with its audit
 * record; a new version is written under the box row's lock (FOR UPDATE), so two saves queue and
 * take consecutive numbers, and it becomes current in the same commit as its row: an opening reads
 * the version, its contents, hash and price in one statement (boxes.service allBoxes), so it sees
 * the old version whole or the new one whole.
 */
export function createBoxesAdmin(deps: BoxesAdminDeps) {
  const { db, clock, transaction } = deps;

  async function evaluate(on: Db | Tx, input: AdminBoxPreviewInput, locale: Locale, savedPrices?: number[]) {
    const ids = input.contents.map((c) => c.item_id);
    const [items, prices] = await Promise.all([itemFacts(on, ids), loadPriceBook(on, ids)]);
    return evaluateBox(input, items, prices, await readBounds(on), locale, savedPrices);
  }

  async function detail(boxId: number, locale: Locale): Promise<AdminBoxDetail> {
    const [box] = await db.select().from(boxes).where(eq(boxes.id, boxId));
    if (!box) throw new AppError('BOX_NOT_FOUND');
    const versions = await db
      .select()
      .from(boxVersions)
      .where(eq(boxVersions.boxId, boxId))
      .orderBy(desc(boxVersions.version));
    const current = versions.find((v) => v.version === box.version);
    if (!current) throw new Error(`box ${boxId} has no row for its version ${box.version}`);
    const [opened] = await db.select({ n: count() }).from(boxOpenings).where(eq(boxOpenings.boxId, boxId));
    const { evaluation } = await evaluate(
      db,
      {
        price: current.priceUnits,
        contents: current.contents.map((c) => ({ item_id: c.itemId, exter: c.exter, tickets: c.tickets })),
      },
      locale,
      // The saved entries keep the prices they were saved with, so EV and RTP are the version's.
      current.contents.map((c) => c.priceUnits),
    );
    return {
      box: summary(box),
      current: { ...evaluation, version: current.version, odds_hash: current.oddsHash },
      versions: versions.map((v) => ({
        version: v.version,
        odds_hash: v.oddsHash,
        price: v.priceUnits,
        rtp_bp: v.rtpBp,
        created_at: v.createdAt.getTime(),
        created_by: v.createdBy,
      })),
      openings: opened?.n ?? 0,
    };
  }

  return {
    async list(): Promise<AdminBoxListResponse> {
      const [rows, categories] = await Promise.all([
        db.select().from(boxes).orderBy(asc(boxes.categoryId), asc(boxes.sort), asc(boxes.id)),
        db.select().from(boxCategories).orderBy(asc(boxCategories.sort)),
      ]);
      return {
        list: rows.map(summary),
        categories: categories.map((c) => ({
          category_id: c.id,
          name_zh_cn: c.nameZhCn,
          name_zh_tw: c.nameZhTw,
          name_en: c.nameEn,
        })),
      };
    },

    detail,

    async preview(input: AdminBoxPreviewInput, locale: Locale) {
      return (await evaluate(db, input, locale)).evaluation;
    },

    async saveVersion(actor: AdminActor, input: AdminBoxSaveInput, locale: Locale): Promise<AdminBoxDetail> {
      await transaction(async (tx) => {
        const now = new Date(clock.now());
        // The lock two saves queue on: each reads the version the other committed.
        const [box] = await tx.select().from(boxes).where(eq(boxes.id, input.box_id)).for('update');
        if (!box) throw new AppError('BOX_NOT_FOUND');
        if (input.base_version !== undefined && input.base_version !== box.version) {
          throw new AppError('BOX_VERSION_STALE', { data: { version: box.version } });
        }
        const [before] = await tx
          .select()
          .from(boxVersions)
          .where(and(eq(boxVersions.boxId, box.id), eq(boxVersions.version, box.version)));
        if (!before) throw new Error(`box ${box.id} has no row for its version ${box.version}`);
        const { evaluation, rows } = await evaluate(tx, input, locale);
        refuseInvalid(evaluation);
        const version = box.version + 1;
        const made = { version, priceUnits: input.price, rtpBp: evaluation.rtp_bp };
        const oddsHash = await insertBoxVersion(tx, {
          boxId: box.id,
          ...made,
          contents: rows,
          createdBy: actor.adminId,
          createdAt: now,
        });
        await tx.update(boxes).set(made).where(eq(boxes.id, box.id));
        await recordAudit(
          tx,
          actor,
          {
            action: 'box.version',
            target: `box:${box.id}`,
            before: versionFacts(before),
            after: { ...versionFacts({ ...made, oddsHash }), ev: evaluation.ev },
            reason: input.reason,
          },
          now,
        );
      });
      deps.onChange();
      return detail(input.box_id, locale);
    },

    async create(actor: AdminActor, input: AdminBoxCreateInput, locale: Locale): Promise<AdminBoxDetail> {
      let boxId = 0;
      try {
        await transaction(async (tx) => {
          const now = new Date(clock.now());
          // Creations queue here: each takes the next free id.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kx_box_create'))`);
          const [category] = await tx.select().from(boxCategories).where(eq(boxCategories.id, input.category_id));
          if (!category) throw new AppError('BOX_CATEGORY_UNKNOWN');
          const [taken] = await tx.select({ id: boxes.id }).from(boxes).where(eq(boxes.slug, input.slug));
          if (taken) throw new AppError('BOX_SLUG_TAKEN');
          const { evaluation, rows } = await evaluate(tx, input, locale);
          refuseInvalid(evaluation);
          const [top] = await tx.select({ id: max(boxes.id) }).from(boxes);
          boxId = Math.max(FIRST_CONSOLE_BOX_ID, (top?.id ?? 0) + 1);
          const [last] = await tx
            .select({ sort: max(boxes.sort) })
            .from(boxes)
            .where(eq(boxes.categoryId, category.id));
          const art = `/img/boxes/${boxId}.svg`;
          await tx.insert(boxes).values({
            id: boxId,
            categoryId: category.id,
            slug: input.slug,
            nameZhCn: input.name_zh_cn,
            nameZhTw: input.name_zh_tw,
            nameEn: input.name_en,
            image: input.image || art,
            fallbackImage: art,
            priceUnits: input.price,
            rtpBp: evaluation.rtp_bp,
            version: 1,
            sort: (last?.sort ?? -1) + 1,
            // Unpublished until an admin publishes it: the operator checks it first.
            onSale: false,
          });
          const oddsHash = await insertBoxVersion(tx, {
            boxId,
            version: 1,
            contents: rows,
            priceUnits: input.price,
            rtpBp: evaluation.rtp_bp,
            createdBy: actor.adminId,
            createdAt: now,
          });
          await recordAudit(
            tx,
            actor,
            {
              action: 'box.create',
              target: `box:${boxId}`,
              after: {
                slug: input.slug,
                name_zh_cn: input.name_zh_cn,
                name_zh_tw: input.name_zh_tw,
                name_en: input.name_en,
                category_id: category.id,
                image: input.image || art,
                published: false,
                ...versionFacts({ version: 1, priceUnits: input.price, rtpBp: evaluation.rtp_bp, oddsHash }),
              },
              reason: input.reason,
            },
            now,
          );
        });
      } catch (e) {
        // A seed run inserting the same slug between our check and our insert.
        if (isUniqueViolation(e, 'boxes_slug_uq')) throw new AppError('BOX_SLUG_TAKEN');
        throw e;
      }
      deps.onChange();
      return detail(boxId, locale);
    },

    /** Names, category and picture: no new odds version (no roll depends on them); the seed keeps them from now on. */
    async updateDetails(actor: AdminActor, input: AdminBoxDetailsInput, locale: Locale): Promise<AdminBoxDetail> {
      await transaction(async (tx) => {
        const now = new Date(clock.now());
        const [box] = await tx.select().from(boxes).where(eq(boxes.id, input.box_id)).for('update');
        if (!box) throw new AppError('BOX_NOT_FOUND');
        const [category] = await tx.select().from(boxCategories).where(eq(boxCategories.id, input.category_id));
        if (!category) throw new AppError('BOX_CATEGORY_UNKNOWN');
        const before = {
          name_zh_cn: box.nameZhCn,
          name_zh_tw: box.nameZhTw,
          name_en: box.nameEn,
          category_id: box.categoryId,
          image: box.image,
        };
        // An empty picture is the box's own drawing, as at creation.
        const after = {
          name_zh_cn: input.name_zh_cn,
          name_zh_tw: input.name_zh_tw,
          name_en: input.name_en,
          category_id: input.category_id,
          image: input.image || box.fallbackImage,
        };
        if (JSON.stringify(before) === JSON.stringify(after)) throw new AppError('BOX_DETAILS_UNCHANGED');
        await tx
          .update(boxes)
          .set({
            nameZhCn: after.name_zh_cn,
            nameZhTw: after.name_zh_tw,
            nameEn: after.name_en,
            categoryId: after.category_id,
            image: after.image,
            detailsEditedBy: actor.adminId,
          })
          .where(eq(boxes.id, box.id));
        await recordAudit(
          tx,
          actor,
          { action: 'box.details', target: `box:${box.id}`, before, after, reason: input.reason },
          now,
        );
      });
      deps.onChange();
      return detail(input.box_id, locale);
    },

    async publish(actor: AdminActor, input: AdminBoxPublishInput, locale: Locale): Promise<AdminBoxDetail> {
      await transaction(async (tx) => {
        const now = new Date(clock.now());
        const [box] = await tx.select().from(boxes).where(eq(boxes.id, input.box_id)).for('update');
        if (!box) throw new AppError('BOX_NOT_FOUND');
        if (box.onSale === input.published) throw new AppError('BOX_PUBLISH_UNCHANGED');
        await tx.update(boxes).set({ onSale: input.published }).where(eq(boxes.id, box.id));
        await recordAudit(
          tx,
          actor,
          {
            action: input.published ? 'box.publish' : 'box.unpublish',
            target: `box:${box.id}`,
            before: { published: box.onSale },
            after: { published: input.published },
            reason: input.reason,
          },
          now,
        );
      });
      deps.onChange();
      return detail(input.box_id, locale);
    },

    rtpBounds: () => readBounds(db),

    async setRtpBounds(actor: AdminActor, input: AdminRtpBoundsInput): Promise<AdminRtpBounds> {
      if (input.min_bp > input.max_bp) throw new AppError('BOX_RTP_BOUNDS_INVALID');
      const after = { min_bp: input.min_bp, max_bp: input.max_bp };
      await transaction(async (tx) => {
        const now = new Date(clock.now());
        const before = await readBounds(tx);
        const value = JSON.stringify(after);
        await tx
          .insert(siteSettings)
          .values({ key: RTP_BOUNDS_KEY, value, updatedAt: now })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
        await recordAudit(
          tx,
          actor,
          { action: 'box.rtp_bounds', target: 'setting:box_rtp_bounds', before, after, reason: input.reason },
          now,
        );
      });
      return after;
    },
  };
}

export type BoxesAdmin = ReturnType<typeof createBoxesAdmin>;
