/**
 * Identity numbers (spec 2 §5): mainland 18-digit resident ID, Hong Kong, Macau and Taiwan.
 * Used by the web form (quick feedback) and the server (the authority). Pure: "today" comes in.
 */
export type IdentityType = 1 | 2 | 3 | 4;
export type IdentityError = 'ID_INVALID' | 'ID_BIRTH_INVALID' | 'ID_CHECKSUM_INVALID' | 'ID_UNDER_18';
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** Province-level prefixes of GB/T 2260 (mainland, plus 71 Taiwan, 81 Hong Kong, 82 Macau residents). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82,
]);
const MAINLAND_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const MAINLAND_CHECK = '10X98765432';
export const ADULT_AGE = 18;

/** Spaces removed, letters upper-case, full-width brackets made ASCII: one ID has one spelling. */
export function normalizeIdNumber(id: string): string {
  return id.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toUpperCase();
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= (days[m - 1] ?? 0);
}

function compareDay(a: Day, b: Day): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** ISO 7064 MOD 11-2 over the first 17 digits. */
export function mainlandCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (MAINLAND_WEIGHTS[i] ?? 0);
  return MAINLAND_CHECK[sum % 11] ?? '';
}

function checkMainland(id: string, today: Day): IdentityError | null {
  if (!/^\d{17}[\dX]$/.test(id) || !PROVINCES.has(Number(id.slice(0, 2)))) return 'ID_INVALID';
  const birth = { year: Number(id.slice(6, 10)), month: Number(id.slice(10, 12)), day: Number(id.slice(12, 14)) };
  if (birth.year < 1900 || !isRealDate(birth.year, birth.month, birth.day) || compareDay(birth, today) > 0) {
    return 'ID_BIRTH_INVALID';
  }
  if (mainlandCheckChar(id.slice(0, 17)) !== id[17]) return 'ID_CHECKSUM_INVALID';
  // Adult from the 18th birthday on; someone born on 29 February comes of age on 1 March.
  const adult = { ...birth, year: birth.year + ADULT_AGE };
  if (!isRealDate(adult.year, adult.month, adult.day)) Object.assign(adult, { month: 3, day: 1 });
  return compareDay(today, adult) < 0 ? 'ID_UNDER_18' : null;
}

const letterValue = (ch: string) => ch.charCodeAt(0) - 55; // A=10 … Z=35

/** Hong Kong: one or two letters, six digits, check digit (0-9 or A) in brackets; mod 11. */
function checkHongKong(id: string): IdentityError | null {
  const m = /^([A-Z]{1,2})(\d{6})\(([\dA])\)$/.exec(id);
  if (!m) return 'ID_INVALID';
  const letters = m[1] ?? '';
  const digits = m[2] ?? '';
  const chars = [...(letters.length === 1 ? [36] : []), ...[...letters].map(letterValue), ...[...digits].map(Number)];
  const sum = chars.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return (check === 10 ? 'A' : String(check)) === m[3] ? null : 'ID_CHECKSUM_INVALID';
}

/** Macau: seven digits (first 1, 5 or 7) and a bracketed check digit; the check rule is not published. */
function checkMacau(id: string): IdentityError | null {
  return /^[157]\d{6}\(\d\)$/.test(id) ? null : 'ID_INVALID';
}

/** Taiwan letters map to 10..35 in this historical order (I, O, W... come late). */
const TW_LETTERS = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';
/** Taiwan: a letter, 1/2 (citizens) or 8/9 (resident certificates), seven digits, check digit; mod 10. */
function checkTaiwan(id: string): IdentityError | null {
  if (!/^[A-Z][1289]\d{8}$/.test(id)) return 'ID_INVALID';
  const v = TW_LETTERS.indexOf(id[0] ?? '') + 10;
  const weights = [8, 7, 6, 5, 4, 3, 2, 1, 1];
  let sum = Math.floor(v / 10) + (v % 10) * 9;
  for (let i = 0; i < 9; i++) sum += Number(id[i + 1]) * (weights[i] ?? 0);
  return sum % 10 === 0 ? null : 'ID_CHECKSUM_INVALID';
}

/**
 * The first rule an ID number breaks, in the spec's order (format and province, birth date,
 * check digit, age), or null. Only mainland numbers carry a birth date to check the age on.
 */
export function checkIdentity(id: string, type: IdentityType, today: Day): IdentityError | null {
  const n = normalizeIdNumber(id);
  if (type === 1) return checkMainland(n, today);
  if (type === 2) return checkHongKong(n);
  if (type === 3) return checkMacau(n);
  return checkTaiwan(n);
}

/** Today's date in China (UTC+8, no daylight saving), which decides birthdays. */
export function chinaDay(nowMs: number): Day {
  const d = new Date(nowMs + 8 * 3600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
