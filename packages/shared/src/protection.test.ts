import { describe, expect, it } from 'vitest';
import { addMonths, protectionPeriods } from './protection.ts';

const china = (iso: string) => Date.parse(`${iso}+08:00`);

describe('protection periods (China calendar)', () => {
  it('starts the day at midnight, the week on Monday and the month on the 1st, China time', () => {
    // Sunday 2026-11-29 00:30 in China is still Saturday in UTC.
    const p = protectionPeriods(china('2026-11-29T00:30:00'));
    expect(p.day).toBe(china('2026-11-29T00:00:00'));
    expect(p.week).toBe(china('2026-11-23T00:00:00'));
    expect(p.month).toBe(china('2026-11-01T00:00:00'));
    // A Monday starts its own week; the 1st its own month.
    const monday = protectionPeriods(china('2026-12-01T09:00:00'));
    expect(monday.week).toBe(china('2026-11-30T00:00:00'));
    expect(monday.month).toBe(china('2026-12-01T00:00:00'));
  });

  it('adds calendar months, keeping the day where the month has it', () => {
    expect(addMonths(Date.UTC(2026, 0, 15, 10), 6)).toBe(Date.UTC(2026, 6, 15, 10));
    expect(addMonths(Date.UTC(2026, 7, 31, 10), 6)).toBe(Date.UTC(2027, 1, 28, 10));
    expect(addMonths(Date.UTC(2026, 1, 28), 60)).toBe(Date.UTC(2031, 1, 28));
  });
});
