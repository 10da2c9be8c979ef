import { type InventoryItem, ITEM_STATUS } from '@kaixiang/shared/inventory';
import { isQuality, isWearGrade, type Quality, type WearGrade } from '@kaixiang/shared/items';

/** The status word of an item: a sold one says how it went (sold, recycled, auto-sold, upgraded). */
export function statusKey(item: Pick<InventoryItem, 'status' | 'disposal'>): string {
  switch (item.status) {
    case ITEM_STATUS.normal:
      return 'inventory.status.normal';
    case ITEM_STATUS.retrieving:
      return 'inventory.status.retrieving';
    case ITEM_STATUS.sold:
      return item.disposal ? `inventory.disposal.${item.disposal}` : 'inventory.status.sold';
    case ITEM_STATUS.retrieved:
      return 'inventory.status.retrieved';
    case ITEM_STATUS.retrieveFailed:
      return 'inventory.status.failed';
    case ITEM_STATUS.locked:
      return 'inventory.status.locked';
    default:
      return 'inventory.status.unknown';
  }
}

/** The CSS modifier of the status badge. */
export function statusTone(status: number): 'ok' | 'busy' | 'done' | 'bad' {
  if (status === ITEM_STATUS.normal) return 'ok';
  if (status === ITEM_STATUS.retrieving || status === ITEM_STATUS.locked) return 'busy';
  if (status === ITEM_STATUS.retrieveFailed) return 'bad';
  return 'done';
}

/** Items the player still holds and may sell, recycle or retrieve (again, after a failure). */
export function isActionable(item: Pick<InventoryItem, 'status'>): boolean {
  return item.status === ITEM_STATUS.normal || item.status === ITEM_STATUS.retrieveFailed;
}

/** After a declined offer the next retrieval waits (spec 1 §4: 5 minutes). */
export function canRetrieveNow(item: Pick<InventoryItem, 'status' | 'retrieve_available_at'>, nowMs: number): boolean {
  return isActionable(item) && (item.retrieve_available_at === null || item.retrieve_available_at <= nowMs);
}

export const qualityOf = (q: number): Quality => (isQuality(q) ? q : 0);
export const wearOf = (w: number): WearGrade | undefined => (isWearGrade(w) ? w : undefined);

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-21 19:42:05" in the player's local time, for record tables. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "11-21 19:42": deadlines on a small card, which are hours or minutes away. */
export function formatShortTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
