/**
 * Intl date formatters, made once per locale and options and kept: building one (ICU loads its data and
 * pattern generator) costs far more than formatting with it, on a slow phone tens of milliseconds,
 * too much to pay again on every render of a list. Callers ask for one only when there is
 * something to format.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** A moment to the minute, 24-hour clock (2026/11/28 18:05): the options every "until"/"from" time shares. */
export const TO_THE_MINUTE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
};

/**
 * A whole number with thousands separators, as zh-CN, zh-TW and en-US all write it (1,234,567).
 * Written out rather than through Intl: the first Intl formatter of a page loads ICU's data, a
 * hundred milliseconds of the home page's first render for the footer's four totals.
 */
export function groupThousands(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/**
 * A day as our three languages write it in numbers (zh-CN and zh-TW 2026/11/25, en-US
 * 11/25/2026), in local time; what Intl.DateTimeFormat gives for 2-digit month and day, without
 * loading ICU on the home page (see groupThousands).
 */
export function numericDate(locale: string, ms: number): string {
  const d = new Date(ms);
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return locale === 'en-US' ? `${mm}/${dd}/${d.getFullYear()}` : `${d.getFullYear()}/${mm}/${dd}`;
}
