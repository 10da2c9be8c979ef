import { ADMIN_PATHS, auditLogResponse } from '@kaixiang/shared/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditFilters, auditLogParams } from '../audit-query.ts';
import { consoleGet } from './console-call.ts';
import { CONSOLE_QUERY_ROOT } from './get-me.ts';

export const AUDIT_LOG_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'audit-log'] as const;

export function auditLogQueryOptions(filters: AuditFilters) {
  const params = auditLogParams(filters);
  return queryOptions({
    queryKey: [...AUDIT_LOG_QUERY_ROOT, params],
    queryFn: ({ signal }) => consoleGet(ADMIN_PATHS.auditLog, params, auditLogResponse, signal),
    // The table keeps the page it has while the next one loads: no jump to a spinner on every page.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery(auditLogQueryOptions(filters));
}
