import {
  type AdminBanner,
  type AdminNavEntry,
  type AdminNotice,
  type bannerInput,
  type ContentProblem,
  contentProblems,
  type HelpOverride,
  type HelpPageKey,
  type HelpSaveRequest,
  type navInput,
  type noticeInput,
} from '@kaixiang/shared/admin-content';
import type { Locale } from '@kaixiang/shared/locale';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import { isUniqueViolation } from '../../accounts/accounts.repo.ts';
import type { AdminActor } from '../admin-access.ts';
import { recordAudit } from '../audit.ts';
import { type BannerRow, contentRepo, type HelpRow, type NavRow, type NoticeRow } from './content.repo.ts';

export interface ContentAdminDeps {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /**
   * After a change commits: the site service drops its cached notices, banners, nav and help
   * pages, so this process shows the change at once (others within their cache's lifetime).
   */
  onChange: () => void;
  /** Origins an https banner picture may come from: those the site's CSP allows images from. */
  imageOrigins: readonly string[];
}

/** The first problem answers the request (its code, in the caller's language); all are in details. */
function refuse(problems: ContentProblem[]): void {
  const [first] = problems;
  if (first) {
    throw new AppError(first.code, { details: problems.map((p) => ({ path: p.field, message: p.code })) });
  }
}

const noticeDto = (r: NoticeRow): AdminNotice => ({
  id: r.id,
  content_zh_cn: r.contentZhCn,
  content_zh_tw: r.contentZhTw,
  content_en: r.contentEn,
  sort: r.sort,
  enabled: r.enabled,
  created_at: r.createdAt.getTime(),
});
const bannerDto = (r: BannerRow): AdminBanner => ({
  id: r.id,
  title_zh_cn: r.titleZhCn,
  title_zh_tw: r.titleZhTw,
  title_en: r.titleEn,
  img: r.img,
  link: r.link,
  sort: r.sort,
  enabled: r.enabled,
});
const navDto = (r: NavRow): AdminNavEntry => ({
  id: r.id,
  title_zh_cn: r.titleZhCn,
  title_zh_tw: r.titleZhTw,
  title_en: r.titleEn,
  path: r.path,
  icon: r.icon,
  need_login: r.needLogin === 2 ? 2 : 1,
  badge: r.badge === 'open_rooms' ? 'open_rooms' : null,
  sort: r.sort,
  enabled: r.enabled,
});
const helpDto = (r: HelpRow): HelpOverride => ({
  page: r.page as HelpPageKey,
  locale: r.locale as Locale,
  title: r.title,
  body: r.body,
  updated_by: r.updatedBy,
  updated_at: r.updatedAt.getTime(),
});

/** One kind of list entry: how it is checked, stored, read back and locked. */
interface Kind<Input, Row, Dto extends { id: number; enabled: boolean }, Values> {
  name: 'notice' | 'banner' | 'nav';
  problems(input: Input): ContentProblem[];
  values(input: Input): Values;
  dto(row: Row): Dto;
  lock(tx: Tx, id: number): Promise<Row | null>;
  insert(tx: Tx, v: Values): Promise<Row>;
  update(tx: Tx, id: number, v: Values): Promise<Row>;
  remove(tx: Tx, id: number): Promise<unknown>;
}

type NoticeIn = z.output<typeof noticeInput>;
type BannerIn = z.output<typeof bannerInput>;
type NavIn = z.output<typeof navInput>;

/** The console's notices, banners, nav items and help pages (docs/console/content.md). */
export function createContentAdmin(deps: ContentAdminDeps) {
  const { db, clock } = deps;

  async function change<T>(fn: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
    const result = await deps.transaction((tx) => fn(tx, new Date(clock.now())));
    deps.onChange();
    return result;
  }

  /**
   * Create, update and delete of one kind, each audited in its own transaction. An update that
   * changes only `enabled` is recorded as a publish or unpublish, what an operator searches for.
   */
  function entries<Input, Row, Dto extends { id: number; enabled: boolean }, Values>(k: Kind<Input, Row, Dto, Values>) {
    const target = (id: number) => `${k.name}:${id}`;
    return {
      create: (actor: AdminActor, input: Input): Promise<Dto> => {
        refuse(k.problems(input));
        return change(async (tx, now) => {
          const after = k.dto(await k.insert(tx, k.values(input)));
          await recordAudit(tx, actor, { action: `content.${k.name}.create`, target: target(after.id), after }, now);
          return after;
        });
      },
      update: (actor: AdminActor, id: number, input: Input): Promise<Dto> => {
        refuse(k.problems(input));
        return change(async (tx, now) => {
          const locked = await k.lock(tx, id);
          if (!locked) throw new AppError('CONTENT_NOT_FOUND');
          const before = k.dto(locked);
          const after = k.dto(await k.update(tx, id, k.values(input)));
          const onlyPublish =
            before.enabled !== after.enabled &&
            JSON.stringify({ ...before, enabled: after.enabled }) === JSON.stringify(after);
          const verb = onlyPublish ? (after.enabled ? 'publish' : 'unpublish') : 'update';
          await recordAudit(tx, actor, { action: `content.${k.name}.${verb}`, target: target(id), before, after }, now);
          return after;
        });
      },
      remove: (actor: AdminActor, id: number): Promise<{ id: number }> =>
        change(async (tx, now) => {
          const locked = await k.lock(tx, id);
          if (!locked) throw new AppError('CONTENT_NOT_FOUND');
          await k.remove(tx, id);
          const before = k.dto(locked);
          await recordAudit(tx, actor, { action: `content.${k.name}.delete`, target: target(id), before }, now);
          return { id };
        }),
    };
  }

  const noticeEntries = entries({
    name: 'notice',
    problems: (n: NoticeIn) => contentProblems.notice(n),
    values: (n: NoticeIn) => ({
      contentZhCn: n.content_zh_cn.trim(),
      contentZhTw: n.content_zh_tw.trim(),
      contentEn: n.content_en.trim(),
      sort: n.sort,
      enabled: n.enabled,
    }),
    dto: noticeDto,
    lock: contentRepo.lockNotice,
    insert: contentRepo.insertNotice,
    update: contentRepo.updateNotice,
    remove: contentRepo.deleteNotice,
  });

  const bannerEntries = entries({
    name: 'banner',
    problems: (b: BannerIn) =>
      contentProblems.banner({ ...b, img: b.img.trim(), link: b.link.trim() }, deps.imageOrigins),
    values: (b: BannerIn) => ({
      titleZhCn: b.title_zh_cn.trim(),
      titleZhTw: b.title_zh_tw.trim(),
      titleEn: b.title_en.trim(),
      img: b.img.trim(),
      link: b.link.trim(),
      sort: b.sort,
      enabled: b.enabled,
    }),
    dto: bannerDto,
    lock: contentRepo.lockBanner,
    insert: contentRepo.insertBanner,
    update: contentRepo.updateBanner,
    remove: contentRepo.deleteBanner,
  });

  // The path is unique (nav_items_path_uq): a second item on one path is refused, not merged.
  const pathTaken = async <T>(run: Promise<T>): Promise<T> => {
    try {
      return await run;
    } catch (e) {
      if (isUniqueViolation(e, 'nav_items_path_uq')) throw new AppError('CONTENT_NAV_PATH_TAKEN');
      throw e;
    }
  };
  const navEntries = entries({
    name: 'nav',
    problems: (n: NavIn) => contentProblems.nav({ ...n, path: n.path.trim() }),
    values: (n: NavIn) => ({
      titleZhCn: n.title_zh_cn.trim(),
      titleZhTw: n.title_zh_tw.trim(),
      titleEn: n.title_en.trim(),
      path: n.path.trim(),
      icon: n.icon.trim(),
      needLogin: n.need_login,
      badge: n.badge,
      sort: n.sort,
      enabled: n.enabled,
    }),
    dto: navDto,
    lock: contentRepo.lockNav,
    insert: (tx: Tx, v: Parameters<typeof contentRepo.insertNav>[1]) => pathTaken(contentRepo.insertNav(tx, v)),
    update: (tx: Tx, id: number, v: Parameters<typeof contentRepo.updateNav>[2]) =>
      pathTaken(contentRepo.updateNav(tx, id, v)),
    remove: contentRepo.deleteNav,
  });

  const helpTarget = (page: string, locale: string) => `help:${page}:${locale}`;

  return {
    notices: async () => ({ list: (await contentRepo.notices(db)).map(noticeDto) }),
    createNotice: noticeEntries.create,
    updateNotice: noticeEntries.update,
    deleteNotice: noticeEntries.remove,

    banners: async () => ({ list: (await contentRepo.banners(db)).map(bannerDto) }),
    createBanner: bannerEntries.create,
    updateBanner: bannerEntries.update,
    deleteBanner: bannerEntries.remove,

    nav: async () => ({ list: (await contentRepo.nav(db)).map(navDto) }),
    createNav: navEntries.create,
    updateNav: navEntries.update,
    deleteNav: navEntries.remove,

    help: async () => ({ list: (await contentRepo.help(db)).map(helpDto) }),

    /** A page's text in one language, made or replaced; "before" null means it showed its static text. */
    saveHelp(actor: AdminActor, input: HelpSaveRequest): Promise<HelpOverride> {
      const title = input.title.trim();
      const body = input.body.replace(/\r\n?/g, '\n').trim();
      refuse(contentProblems.help({ ...input, title, body }));
      return change(async (tx, now) => {
        const locked = await contentRepo.lockHelp(tx, input.page, input.locale);
        const row = await contentRepo.upsertHelp(tx, {
          page: input.page,
          locale: input.locale,
          title,
          body,
          updatedBy: actor.adminId,
          updatedAt: now,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'content.help.save',
            target: helpTarget(input.page, input.locale),
            before: locked ? { title: locked.title, body: locked.body } : null,
            after: { title, body },
          },
          now,
        );
        return helpDto(row);
      });
    },

    /** Back to the static text: the override removed. None to remove is CONTENT_NOT_FOUND. */
    revertHelp(actor: AdminActor, input: { page: HelpPageKey; locale: Locale }) {
      return change(async (tx, now) => {
        const removed = await contentRepo.deleteHelp(tx, input.page, input.locale);
        if (!removed) throw new AppError('CONTENT_NOT_FOUND');
        await recordAudit(
          tx,
          actor,
          {
            action: 'content.help.revert',
            target: helpTarget(input.page, input.locale),
            before: { title: removed.title, body: removed.body },
            after: null,
          },
          now,
        );
        return { page: input.page, locale: input.locale };
      });
    },
  };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
