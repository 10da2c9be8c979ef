import type { HelpPageKey } from '@kaixiang/shared/admin-content';
import type { Locale } from '@kaixiang/shared/locale';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { banners, helpPageOverrides, navItems, notices } from '../../../db/schema/site.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type NavRow = typeof navItems.$inferSelect;
export type HelpRow = typeof helpPageOverrides.$inferSelect;

type Q = Db | Tx;

/**
 * SQL only. Lists are in the site's own order (site.repo.ts), unpublished rows included; a row
 * about to change is read under its lock, so the audit's "before" is what the change replaced.
 */
export const contentRepo = {
  notices: (db: Q) => db.select().from(notices).orderBy(asc(notices.sort), desc(notices.id)),
  lockNotice: async (tx: Tx, id: number) =>
    (await tx.select().from(notices).where(eq(notices.id, id)).for('update'))[0] ?? null,
  insertNotice: async (tx: Tx, v: typeof notices.$inferInsert) => (await tx.insert(notices).values(v).returning())[0]!,
  updateNotice: async (tx: Tx, id: number, v: Partial<typeof notices.$inferInsert>) =>
    (await tx.update(notices).set(v).where(eq(notices.id, id)).returning())[0]!,
  deleteNotice: (tx: Tx, id: number) => tx.delete(notices).where(eq(notices.id, id)),

  banners: (db: Q) => db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)),
  lockBanner: async (tx: Tx, id: number) =>
    (await tx.select().from(banners).where(eq(banners.id, id)).for('update'))[0] ?? null,
  insertBanner: async (tx: Tx, v: typeof banners.$inferInsert) => (await tx.insert(banners).values(v).returning())[0]!,
  updateBanner: async (tx: Tx, id: number, v: Partial<typeof banners.$inferInsert>) =>
    (await tx.update(banners).set(v).where(eq(banners.id, id)).returning())[0]!,
  deleteBanner: (tx: Tx, id: number) => tx.delete(banners).where(eq(banners.id, id)),

  nav: (db: Q) => db.select().from(navItems).orderBy(asc(navItems.sort), asc(navItems.id)),
  lockNav: async (tx: Tx, id: number) =>
    (await tx.select().from(navItems).where(eq(navItems.id, id)).for('update'))[0] ?? null,
  insertNav: async (tx: Tx, v: typeof navItems.$inferInsert) => (await tx.insert(navItems).values(v).returning())[0]!,
  updateNav: async (tx: Tx, id: number, v: Partial<typeof navItems.$inferInsert>) =>
    (await tx.update(navItems).set(v).where(eq(navItems.id, id)).returning())[0]!,
  deleteNav: (tx: Tx, id: number) => tx.delete(navItems).where(eq(navItems.id, id)),

  help: (db: Q) =>
    db.select().from(helpPageOverrides).orderBy(asc(helpPageOverrides.page), asc(helpPageOverrides.locale)),
  lockHelp: async (tx: Tx, page: HelpPageKey, locale: Locale) =>
    (
      await tx
        .select()
        .from(helpPageOverrides)
        .where(and(eq(helpPageOverrides.page, page), eq(helpPageOverrides.locale, locale)))
        .for('update')
    )[0] ?? null,
  /** Made or replaced: two saves at once both land, the later one last (each audited). */
  upsertHelp: async (tx: Tx, v: typeof helpPageOverrides.$inferInsert) =>
    (
      await tx
        .insert(helpPageOverrides)
        .values(v)
        .onConflictDoUpdate({
          target: [helpPageOverrides.page, helpPageOverrides.locale],
          set: { title: v.title, body: v.body, updatedBy: v.updatedBy, updatedAt: v.updatedAt },
        })
        .returning()
    )[0]!,
  deleteHelp: async (tx: Tx, page: HelpPageKey, locale: Locale) =>
    (
      await tx
        .delete(helpPageOverrides)
        .where(and(eq(helpPageOverrides.page, page), eq(helpPageOverrides.locale, locale)))
        .returning()
    )[0] ?? null,
};
