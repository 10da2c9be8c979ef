import type { QueryParams } from '../../lib/api.ts';

/**
 * The audit log's filters as the address bar holds them (so a search can be bookmarked, sent to a
 * colleague, and survives a return to the code prompt), and as the API asks for them
 * (shared/admin.ts auditLogQuery). The parameter names are the API's.
 */
export interface AuditFilters {
  /** An action's prefix: `rain` finds `rain.schedule` and `rain.cancel`. */
  action: string;
  /** Digits, or '' for every admin. */
  adminId: string;
  /** A target exactly (`rain:3`). */
  target: string;
  page: number;
  pageSize: number;
}

export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = AUDIT_PAGE_SIZES[0];
/** The API's bounds (auditLogQuery): outside them the server would refuse the whole search. */
const MAX_PAGE = 10_000;
const MAX_ADMIN_ID = 2_147_483_647;

export const NO_FILTERS: AuditFilters = { action: '', adminId: '', target: '', page: 1, pageSize: DEFAULT_PAGE_SIZE };

function whole(text: string | null, min: number, max: number): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** Whether the admin id field holds something the API takes: nothing, or a positive whole number. */
export function isAdminIdValid(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || whole(trimmed, 1, MAX_ADMIN_ID) !== null;
}

/** An address typed by hand may hold anything: what cannot be used falls back to the default. */
export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const adminId = (search.get('admin_id') ?? '').trim();
  const pageSize = whole(search.get('page_size'), 1, 100);
  return {
    action: (search.get('action') ?? '').trim().slice(0, 64),
    adminId: isAdminIdValid(adminId) ? adminId : '',
    target: (search.get('target') ?? '').trim().slice(0, 128),
    page: whole(search.get('page'), 1, MAX_PAGE) ?? 1,
    pageSize: pageSize && (AUDIT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The address bar's query: only what differs from the defaults, so a plain visit stays /admin/audit-log. */
export function searchFromFilters(f: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (f.action) search.set('action', f.action);
  if (f.adminId) search.set('admin_id', f.adminId);
  if (f.target) search.set('target', f.target);
  if (f.page !== 1) search.set('page', String(f.page));
  if (f.pageSize !== DEFAULT_PAGE_SIZE) search.set('page_size', String(f.pageSize));
  return search;
}

/** The API's query: empty filters are left out (the server's defaults mean "any"). */
export function auditLogParams(f: AuditFilters): QueryParams {
  return {
    action: f.action || undefined,
    admin_id: f.adminId ? Number(f.adminId) : undefined,
    target: f.target || undefined,
    page: f.page,
    page_size: f.pageSize,
  };
}
