import {
  ADMIN_CONTENT_PATHS,
  type AdminBanner,
  type AdminNavEntry,
  type AdminNotice,
  banner,
  bannerListResponse,
  contentDeleteResponse,
  type HelpPageKey,
  type HelpSaveRequest,
  helpListResponse,
  helpOverride,
  helpRevertResponse,
  navEntry,
  navListResponse,
  notice,
  noticeListResponse,
} from '@kaixiang/shared/admin-content';
import type { Locale } from '@kaixiang/shared/locale';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseSchema } from '../../../../lib/api.ts';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const CONTENT_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'content'] as const;

/** The three list tabs: what each reads and writes. */
export const ENTRY_KINDS = {
  notices: {
    list: ADMIN_CONTENT_PATHS.notices,
    create: ADMIN_CONTENT_PATHS.noticeCreate,
    update: ADMIN_CONTENT_PATHS.noticeUpdate,
    remove: ADMIN_CONTENT_PATHS.noticeDelete,
    listSchema: noticeListResponse,
    entrySchema: notice,
  },
  banners: {
    list: ADMIN_CONTENT_PATHS.banners,
    create: ADMIN_CONTENT_PATHS.bannerCreate,
    update: ADMIN_CONTENT_PATHS.bannerUpdate,
    remove: ADMIN_CONTENT_PATHS.bannerDelete,
    listSchema: bannerListResponse,
    entrySchema: banner,
  },
  nav: {
    list: ADMIN_CONTENT_PATHS.nav,
    create: ADMIN_CONTENT_PATHS.navCreate,
    update: ADMIN_CONTENT_PATHS.navUpdate,
    remove: ADMIN_CONTENT_PATHS.navDelete,
    listSchema: navListResponse,
    entrySchema: navEntry,
  },
} as const;
export type EntryKind = keyof typeof ENTRY_KINDS;
export type EntryOf<K extends EntryKind> = { notices: AdminNotice; banners: AdminBanner; nav: AdminNavEntry }[K];

/** An entry as the dialog edits it: the fields of its kind, with `id` once it exists. */
export type EntryDraft = Record<string, string | number | boolean | null>;

const listKey = (kind: EntryKind) => [...CONTENT_QUERY_ROOT, kind] as const;

export function useEntries<K extends EntryKind>(kind: K) {
  const k = ENTRY_KINDS[kind];
  return useQuery({
    queryKey: listKey(kind),
    queryFn: async ({ signal }) =>
      (await consoleGet(k.list, undefined, k.listSchema as unknown as ResponseSchema<{ list: EntryOf<K>[] }>, signal))
        .list,
  });
}

/**
 * Create (no id) or update (with one); the list is read again afterwards, as the server orders
 * it. The body is the whole entry: publishing is an update with `enabled` flipped.
 */
export function useSaveEntry<K extends EntryKind>(kind: K) {
  const client = useQueryClient();
  const k = ENTRY_KINDS[kind];
  return useMutation({
    mutationFn: (body: EntryDraft) =>
      consolePost(body.id == null ? k.create : k.update, body, k.entrySchema as unknown as ResponseSchema<EntryOf<K>>),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

export function useDeleteEntry(kind: EntryKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => consolePost(ENTRY_KINDS[kind].remove, { id }, contentDeleteResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

const helpKey = [...CONTENT_QUERY_ROOT, 'help'] as const;

export function useHelpOverrides() {
  return useQuery({
    queryKey: helpKey,
    queryFn: async ({ signal }) =>
      (await consoleGet(ADMIN_CONTENT_PATHS.help, undefined, helpListResponse, signal)).list,
  });
}

export function useSaveHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HelpSaveRequest) => consolePost(ADMIN_CONTENT_PATHS.helpSave, body, helpOverride),
    onSuccess: () => client.invalidateQueries({ queryKey: helpKey }),
  });
}

export function useRevertHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { page: HelpPageKey; locale: Locale }) =>
      consolePost(ADMIN_CONTENT_PATHS.helpRevert, body, helpRevertResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: helpKey }),
  });
}
