import { z } from 'zod';

/** The largest id a PostgreSQL integer column (our serial ids) holds. */
export const RECORD_ID_MAX = 2_147_483_647;

/**
 * The id of a row, as a request names it. A number past the integer column's range names no row,
 * and would fail its query with a 500 instead of finding nothing (found by the API fuzz test).
 */
export const recordId = z.number().int().positive().max(RECORD_ID_MAX);
/** The same in a query string. */
export const recordIdQuery = z.coerce.number().int().positive().max(RECORD_ID_MAX);

export const isRecordId = (n: number): boolean => Number.isInteger(n) && n > 0 && n <= RECORD_ID_MAX;
