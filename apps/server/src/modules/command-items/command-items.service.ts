import type { AdminCommandCode, adminCommandCodeInput } from '@kaixiang/shared/admin-command-codes';
import { type WearGrade, wearGradesFor } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import type { CommandRewardResponse } from '@kaixiang/shared/vip';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { loadPriceBook, type PriceBook } from '../catalogue/item-prices.ts';
import { generateRedeemCode } from '../mail/redeem.service.ts';
import { pick } from '../site/site.service.ts';
import { type CodeRow, commandItemsRepo } from './command-items.repo.ts';

/** The ledger kind of a command item code's coins, and the inventory source of its items. */
export const COMMAND_ITEM_KIND = 'command_item';

/** Players type codes in any case and with stray spaces; one code has one spelling. */
export const normaliseCommandCode = (key: string) => key.trim().toUpperCase();

const REFUSALS = {
  not_found: 'COMMAND_KEY_INVALID',
  not_started: 'COMMAND_CODE_NOT_STARTED',
  ended: 'COMMAND_CODE_ENDED',
  duplicate: 'COMMAND_CODE_ALREADY_USED',
  used_up: 'COMMAND_CODE_USED_UP',
} as const;

function codeView(c: CodeRow, itemName: string, nowMs: number): AdminCommandCode {
  const startsAt = c.startsAt?.getTime() ?? null;
  const endsAt = c.endsAt?.getTime() ?? null;
  return {
    id: c.id,
    code: c.code,
    item_id: c.itemDefId,
    item_name: itemName,
    exter: c.exter,
    worth: c.worthUnits,
    coin: c.coinUnits,
    uses: c.usesTotal,
    uses_left: c.usesLeft,
    starts_at: startsAt,
    ends_at: endsAt,
    enabled: c.enabled,
    active:
      c.enabled && c.usesLeft > 0 && (startsAt === null || startsAt <= nowMs) && (endsAt === null || nowMs < endsAt),
    created_by: c.createdBy,
    created_at: c.createdAt.getTime(),
  };
}

type ItemDef = NonNullable<Awaited<ReturnType<typeof commandItemsRepo.itemDef>>>;

/**
 * An item's wear grade (asked, or its first) and its price in that grade (catalogue/item-prices.ts),
 * or null when the item has no such grade.
 */
export function gradeWorth(
  def: ItemDef,
  asked: number | null,
  prices: PriceBook,
): { exter: WearGrade; worthUnits: number } | null {
  const grades = wearGradesFor(def.wearMin, def.wearMax);
  const exter = (asked ?? grades[0]) as WearGrade | undefined;
  if (exter === undefined || !grades.includes(exter)) return null;
  return { exter, worthUnits: prices.unitsOf(def, exter) };
}

export type CommandCodeInput = z.output<typeof adminCommandCodeInput>;

/**
 * Command item codes (口令饰品; docs/promotions/command-items.md): looked up by the command
 * dialog's claim when the text is no recharge tier's key, used once per player in one statement
 * (kx_command_item_redeem), made and disabled by operators through the admin API.
 */
export function createCommandItems(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  /** Checks what a code grants and fixes the item's price in its grade. */
  async function resolveGrant(tx: Db | Tx, input: CommandCodeInput) {
    if (input.item_id === null && input.coin === 0) throw new AppError('COMMAND_CODE_GRANT_EMPTY');
    if (input.item_id === null) {
      if (input.exter !== null) throw new AppError('COMMAND_CODE_ITEM_INVALID');
      return { itemDefId: null, exter: null, worthUnits: 0, itemName: '' };
    }
    const def = await commandItemsRepo.itemDef(tx, input.item_id);
    const graded = def && gradeWorth(def, input.exter, await loadPriceBook(tx, [def.id]));
    if (!def || !graded) throw new AppError('COMMAND_CODE_ITEM_INVALID');
    const { exter, worthUnits } = graded;
    return { itemDefId: def.id, exter, worthUnits, itemName: def.nameZhCn };
  }

  async function make(tx: Db | Tx, input: CommandCodeInput, createdBy: number | null, now: Date) {
    if (input.starts_at !== null && input.ends_at !== null && input.starts_at >= input.ends_at) {
      throw new AppError('COMMAND_CODE_WINDOW');
    }
    const grant = await resolveGrant(tx, input);
    const code = normaliseCommandCode(input.code) || generateRedeemCode();
    // A recharge tier's key is answered first by the claim: the same text here could never be used.
    if (await commandItemsRepo.tierKeyTaken(tx, code)) throw new AppError('COMMAND_CODE_TAKEN');
    const made = await commandItemsRepo.insert(tx, {
      code,
      itemDefId: grant.itemDefId,
      exter: grant.exter,
      worthUnits: grant.worthUnits,
      coinUnits: input.coin,
      usesTotal: input.uses,
      usesLeft: input.uses,
      startsAt: input.starts_at === null ? null : new Date(input.starts_at),
      endsAt: input.ends_at === null ? null : new Date(input.ends_at),
      createdBy,
      createdAt: now,
    });
    if (!made) throw new AppError('COMMAND_CODE_TAKEN');
    return { row: made, itemName: grant.itemName };
  }

  return {
    /** The enabled code spelt `key` (any case, stray spaces), or undefined. */
    async find(key: string): Promise<CodeRow | undefined> {
      const row = await commandItemsRepo.codeByText(db, normaliseCommandCode(key));
      return row?.enabled ? row : undefined;
    },

    /** One use of `code` by the player: the item and coins it grants, or the reason it refuses. */
    async redeem(userId: number, code: CodeRow, locale: Locale): Promise<CommandRewardResponse> {
      const r = await commandItemsRepo.redeem(db, userId, code.id, new Date(clock.now()));
      if (r.status !== 'ok') throw new AppError(REFUSALS[r.status]);
      const out: CommandRewardResponse = { get_money: r.coin, money: r.money };
      if (r.user_item_id !== null && code.itemDefId !== null) {
        const def = await commandItemsRepo.itemDef(db, code.itemDefId);
        if (def) {
          out.item = {
            id: r.user_item_id,
            item_id: def.id,
            name: pick({ zhCn: def.nameZhCn, zhTw: def.nameZhTw, en: def.nameEn }, locale),
            img: def.image,
            exter: code.exter ?? 0,
            price: code.worthUnits,
          };
        }
      }
      return out;
    },

    /** Seeds and tests: makes a code without an admin (created_by null) and without an audit row. */
    async createUnaudited(input: CommandCodeInput): Promise<AdminCommandCode> {
      const { row, itemName } = await make(db, input, null, new Date(clock.now()));
      return codeView(row, itemName, clock.now());
    },

    async list(): Promise<{ list: AdminCommandCode[] }> {
      const rows = await commandItemsRepo.list(db);
      const names = await commandItemsRepo.itemNames(
        db,
        rows.flatMap((r) => (r.itemDefId === null ? [] : [r.itemDefId])),
      );
      const nowMs = clock.now();
      return { list: rows.map((r) => codeView(r, r.itemDefId === null ? '' : (names.get(r.itemDefId) ?? ''), nowMs)) };
    },

    /** Makes a code and records it in the audit log with who made it, in one transaction. */
    create(who: AdminActor, input: CommandCodeInput): Promise<AdminCommandCode> {
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const { row, itemName } = await make(tx, input, who.adminId, now);
        const view = codeView(row, itemName, now.getTime());
        await recordAudit(
          tx,
          who,
          { action: 'command_code.create', target: `command_code:${row.id}`, after: view, reason: input.reason },
          now,
        );
        return view;
      });
    },

    /**
     * Disables a code (given items and coins stay given) or enables it again (its uses left and
     * window as they were), audited. A code already in that state is answered as it is, with no
     * audit record: nothing changed.
     */
    setEnabled(who: AdminActor, input: { id: number; reason: string }, enabled: boolean): Promise<AdminCommandCode> {
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const before = await commandItemsRepo.codeById(tx, input.id);
        if (!before) throw new AppError('COMMAND_CODE_NOT_FOUND');
        const name =
          before.itemDefId === null ? '' : ((await commandItemsRepo.itemDef(tx, before.itemDefId))?.nameZhCn ?? '');
        if (before.enabled === enabled) return codeView(before, name, now.getTime());
        const after = await commandItemsRepo.setEnabled(tx, input.id, enabled);
        if (!after) throw new AppError('COMMAND_CODE_NOT_FOUND');
        const view = codeView(after, name, now.getTime());
        await recordAudit(
          tx,
          who,
          {
            action: enabled ? 'command_code.enable' : 'command_code.disable',
            target: `command_code:${after.id}`,
            before: codeView(before, name, now.getTime()),
            after: view,
            reason: input.reason,
          },
          now,
        );
        return view;
      });
    },
  };
}

export type CommandItems = ReturnType<typeof createCommandItems>;
