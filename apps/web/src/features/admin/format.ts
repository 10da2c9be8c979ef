/**
 * A moment in the reader's own time zone as back offices write it, `2026-11-28 14:03:07`: the same
 * in the three languages, sortable by eye, and exact to the second for matching other logs.
 */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The key an authenticator shows it in: groups of four, so it can be read out and typed without losing the place. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
