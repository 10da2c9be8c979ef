import { describe, expect, it } from 'vitest';
import { auditLogParams, filtersFromSearch, isAdminIdValid, NO_FILTERS, searchFromFilters } from './audit-query.ts';

describe('audit log filters', () => {
  it('go to the API with empty filters left out', () => {
    expect(auditLogParams(NO_FILTERS)).toEqual({
      action: undefined,
      admin_id: undefined,
      target: undefined,
      page: 1,
      page_size: 20,
    });
    expect(auditLogParams({ action: 'rain', adminId: '7', target: 'rain:3', page: 2, pageSize: 50 })).toEqual({
      action: 'rain',
      admin_id: 7,
      target: 'rain:3',
      page: 2,
      page_size: 50,
    });
  });

  it('round-trip through the address, which holds only what differs from the defaults', () => {
    const f = { action: 'box.odds', adminId: '12', target: 'box:3', page: 3, pageSize: 100 };
    expect(searchFromFilters(f).toString()).toBe('action=box.odds&admin_id=12&target=box%3A3&page=3&page_size=100');
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
    expect(searchFromFilters(NO_FILTERS).toString()).toBe('');
  });

  it('fall back to the defaults for whatever a hand-typed address holds that the API would refuse', () => {
    const search = new URLSearchParams('admin_id=-4&page=0&page_size=33&action=%20rain%20');
    expect(filtersFromSearch(search)).toEqual({ ...NO_FILTERS, action: 'rain' });
    expect(filtersFromSearch(new URLSearchParams('page=99999&admin_id=1.5'))).toEqual(NO_FILTERS);
  });

  it('take an admin id that is empty or a positive whole number within int4', () => {
    expect(['', ' 7 ', '2147483647'].map(isAdminIdValid)).toEqual([true, true, true]);
    expect(['0', '-1', 'abc', '1e3', '2147483648'].map(isAdminIdValid)).toEqual([false, false, false, false, false]);
  });
});
