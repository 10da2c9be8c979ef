import {
  ADMIN_BOX_PATHS,
  type AdminBoxCreateInput,
  type AdminBoxDetail,
  type AdminBoxDetailsInput,
  type AdminBoxPreviewInput,
  type AdminBoxPublishInput,
  type AdminBoxSaveInput,
  type AdminBoxSummary,
  adminBoxDetail,
  adminBoxEvaluation,
  adminBoxListResponse,
} from '@kaixiang/shared/admin-boxes';
import type { Locale } from '@kaixiang/shared/locale';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const BOXES_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'boxes'] as const;

const detailKey = (boxId: number) => [...BOXES_QUERY_ROOT, 'detail', boxId] as const;

export function useBoxList() {
  return useQuery({
    queryKey: [...BOXES_QUERY_ROOT, 'list'],
    queryFn: ({ signal }) => consoleGet(ADMIN_BOX_PATHS.list, undefined, adminBoxListResponse, signal),
  });
}

export function useBoxDetail(boxId: number) {
  return useQuery({
    queryKey: detailKey(boxId),
    queryFn: ({ signal }) => consoleGet(ADMIN_BOX_PATHS.detail, { box_id: String(boxId) }, adminBoxDetail, signal),
  });
}

/**
 * The server's judgement of a table being edited; `null` while there is nothing to ask about
 * (the loaded table, or input that is not a table yet). Keyed by the body, so typing back to an
 * earlier table reuses its answer, and the previous answer stays shown while the next one comes.
 */
export function useBoxPreview(body: AdminBoxPreviewInput | null) {
  return useQuery({
    queryKey: [...BOXES_QUERY_ROOT, 'preview', body],
    queryFn: () => consolePost(ADMIN_BOX_PATHS.preview, body, adminBoxEvaluation),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A change answers with the box as it now is: that is the page, and the list is read again. */
function useBoxChange<B>(path: string, boxId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => consolePost(path, body, adminBoxDetail),
    onSuccess: (detail: AdminBoxDetail) => {
      client.setQueryData(detailKey(boxId), detail);
      void client.invalidateQueries({ queryKey: [...BOXES_QUERY_ROOT, 'list'] });
    },
  });
}

export const useSaveBoxVersion = (boxId: number) => useBoxChange<AdminBoxSaveInput>(ADMIN_BOX_PATHS.saveVersion, boxId);

/** A new box (unpublished, version 1): its page is what the answer says, and the list is read again. */
export function useCreateBox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBoxCreateInput) => consolePost(ADMIN_BOX_PATHS.create, body, adminBoxDetail),
    onSuccess: (detail: AdminBoxDetail) => {
      client.setQueryData(detailKey(detail.box.box_id), detail);
      void client.invalidateQueries({ queryKey: [...BOXES_QUERY_ROOT, 'list'] });
    },
  });
}

export const useUpdateBoxDetails = (boxId: number) =>
  useBoxChange<AdminBoxDetailsInput>(ADMIN_BOX_PATHS.updateDetails, boxId);

export const usePublishBox = (boxId: number) => useBoxChange<AdminBoxPublishInput>(ADMIN_BOX_PATHS.publish, boxId);

type Named = Pick<AdminBoxSummary, 'name_zh_cn' | 'name_zh_tw' | 'name_en'>;

/** A box's (or category's) name in the staff member's language. */
export function nameIn(named: Named, locale: Locale): string {
  if (locale === 'zh-TW') return named.name_zh_tw || named.name_zh_cn;
  if (locale === 'en-US') return named.name_en || named.name_zh_cn;
  return named.name_zh_cn;
}

/** Basis points as a percentage, `92.50%`. */
export const rtpText = (bp: number) => `${(bp / 100).toFixed(2)}%`;
