import { randomInt } from 'node:crypto';
import type { ItemKey } from './steam-assets.repo.ts';

/** The pool's small pure rules (steam-bot-pool.ts): security codes, and which bots can send an offer. */

/** 31 characters without look-alikes (0/O, 1/I/L): read aloud or typed without doubt. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
/** A random 6-character security code. */
export function randomSecurityCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The message the player sees in the Steam offer: our offer number and the code the site shows. */
export function offerMessage(offerId: number, code: string): string {
  return `Kaixiang #${offerId} · security code ${code}`;
}

/** Counts of each item an offer needs (two of one item need two assets). */
export function neededCounts(items: readonly ItemKey[]): Map<string, number> {
  const need = new Map<string, number>();
  for (const i of items) need.set(`${i.itemDefId}:${i.exter}`, (need.get(`${i.itemDefId}:${i.exter}`) ?? 0) + 1);
  return need;
}

/** The bots whose free counts cover every needed item. */
export function botsCovering(
  need: Map<string, number>,
  counts: readonly { bot: string; itemDefId: number; exter: number; n: number }[],
): string[] {
  const byBot = new Map<string, Map<string, number>>();
  for (const c of counts) {
    const m = byBot.get(c.bot) ?? new Map<string, number>();
    m.set(`${c.itemDefId}:${c.exter}`, c.n);
    byBot.set(c.bot, m);
  }
  return [...byBot].filter(([, have]) => [...need].every(([k, n]) => (have.get(k) ?? 0) >= n)).map(([b]) => b);
}
