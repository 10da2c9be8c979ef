import type {
  AdminFreeBox,
  AdminFreeBoxUpdate,
  FreeBox,
  FreeBoxKind,
  FreeBoxOpenResponse,
} from '@kaixiang/shared/energy';
import { FREE_BOX_KINDS } from '@kaixiang/shared/energy-paths';
import type { Locale } from '@kaixiang/shared/locale';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { boxOpenRequests } from '../../db/schema/boxes.ts';
import { freeBoxClaims, freeBoxes } from '../../db/schema/energy.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { isUniqueViolation } from '../accounts/accounts.repo.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import type { BoxesService } from '../boxes/boxes.service.ts';
import { postTransfer } from '../ledger/ledger.ts';
import { hasRecharged } from '../ledger/recharges.ts';
import { assertMayClaim } from '../protection/protection.service.ts';

/**
 * The free boxes (首充免费箱 and the trade-link box, issue 22; docs/promotions/energy-box.md "Free
 * boxes"): one opening of the named box with its own odds through the boxes module's provable
 * opening, paid by the house: in the opening's transaction the claim row is written (unique per
 * kind and player, and for first_charge per real-name ID) and `promotions` funds the price (kind
 * free_box, key free_box:<kind>:<user>) before kx_open_box debits it.
 */
export function createFreeBoxes(deps: {
  db: Db;
  clock: Clock;
  boxes: BoxesService;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock, boxes } = deps;

  /** The boxes on sale by id, with names in `locale`: one list for all the free boxes at hand. */
  async function boxesOnSale(locale: Locale) {
    const list = await boxes.list(locale);
    return new Map(list.categories.flatMap((c) => c.boxes).map((b) => [b.box_id, b]));
  }

  /** The user row a free box's conditions read; the caller reads it (and the claims) once. */
  type Player = { userId: number; idHash: string | null; bound: Date | null } | undefined;
  const playerOf = async (userId: number): Promise<Player> => {
    const [u] = await db
      .select({ idHash: users.idNumberHash, bound: users.steamLinkBoundAt })
      .from(users)
      .where(eq(users.id, userId));
    return u && { userId, ...u };
  };

  async function stateOf(kind: FreeBoxKind, player: Player, claimed: boolean, enabled: boolean) {
    if (claimed) return { state: 'claimed' as const, idHash: null };
    if (!enabled) return { state: 'off' as const, idHash: null };
    if (!player) return { state: 'not_eligible' as const, idHash: null };
    if (kind === 'trade_link')
      return { state: player.bound ? ('claimable' as const) : ('not_eligible' as const), idHash: null };
    if (!(await hasRecharged(db, player.userId))) return { state: 'not_eligible' as const, idHash: null };
    if (!player.idHash) return { state: 'needs_identity' as const, idHash: null };
    const [taken] = await db
      .select({ id: freeBoxClaims.id })
      .from(freeBoxClaims)
      .where(eq(freeBoxClaims.idNumberHash, player.idHash));
    if (taken) return { state: 'id_used' as const, idHash: player.idHash };
    return { state: 'claimable' as const, idHash: player.idHash };
  }

  return {
    async info(userId: number, locale: Locale): Promise<{ list: FreeBox[] }> {
      const rows = await db.select().from(freeBoxes);
      // A claim's opening is the box opening made under the claim's request id.
      const claims = await db
        .select({ kind: freeBoxClaims.kind, openingId: boxOpenRequests.id })
        .from(freeBoxClaims)
        .leftJoin(
          boxOpenRequests,
          and(eq(boxOpenRequests.userId, freeBoxClaims.userId), eq(boxOpenRequests.requestId, freeBoxClaims.requestId)),
        )
        .where(eq(freeBoxClaims.userId, userId));
      const [onSale, player] = await Promise.all([boxesOnSale(locale), playerOf(userId)]);
      const list: FreeBox[] = [];
      for (const kind of FREE_BOX_KINDS) {
        const row = rows.find((r) => r.kind === kind);
        const box = row && onSale.get(row.boxId);
        if (!row || !box) continue;
        const claim = claims.find((c) => c.kind === kind);
        const s = await stateOf(kind, player, claim !== undefined, row.enabled);
        list.push({
          kind,
          box_id: box.box_id,
          box_name: box.name,
          box_img: box.img,
          price: box.price,
          state: s.state === 'id_used' ? 'claimed' : s.state,
          opening_id: claim?.openingId ?? null,
        });
      }
      return { list };
    },

    async open(userId: number, kind: FreeBoxKind, locale: Locale): Promise<FreeBoxOpenResponse> {
      await assertMayClaim(deps.db, userId, deps.clock.now());
      const [row] = await db.select().from(freeBoxes).where(eq(freeBoxes.kind, kind));
      if (!row?.enabled) throw new AppError('FREE_BOX_OFF');
      const [claim] = await db
        .select({ id: freeBoxClaims.id })
        .from(freeBoxClaims)
        .where(and(eq(freeBoxClaims.userId, userId), eq(freeBoxClaims.kind, kind)));
      const s = await stateOf(kind, await playerOf(userId), claim !== undefined, true);
      if (s.state === 'claimed') throw new AppError('FREE_BOX_USED');
      if (s.state === 'id_used') throw new AppError('FREE_BOX_ID_USED');
      if (s.state === 'needs_identity') throw new AppError('FREE_BOX_NEEDS_IDENTITY');
      if (s.state !== 'claimable') throw new AppError('FREE_BOX_NOT_ELIGIBLE');
      const requestId = `free_${kind}_${userId}`;
      let opened: Awaited<ReturnType<BoxesService['openFunded']>>;
      try {
        opened = await boxes.openFunded(
          userId,
          { box_id: row.boxId, request_id: requestId },
          locale,
          async (tx, price, now) => {
            await tx.insert(freeBoxClaims).values({
              kind,
              userId,
              idNumberHash: kind === 'first_charge' ? s.idHash : null,
              boxId: row.boxId,
              requestId,
              createdAt: now,
            });
            await postTransfer(
              tx,
              {
                kind: 'free_box',
                key: `free_box:${kind}:${userId}`,
                currency: 'coin',
                memo: kind,
                legs: [
                  { account: { userId }, amount: price },
                  { account: { house: 'promotions' }, amount: -price },
                ],
              },
              now,
            );
          },
        );
      } catch (e) {
        if (isUniqueViolation(e, 'free_box_claims_id_uq')) throw new AppError('FREE_BOX_ID_USED');
        if (isUniqueViolation(e, 'free_box_claims_user_uq')) throw new AppError('FREE_BOX_USED');
        throw e;
      }
      if (!opened) throw new AppError('FREE_BOX_USED');
      return { ...opened, kind, free: true };
    },

    async adminList(locale: Locale = 'zh-CN'): Promise<{ list: AdminFreeBox[] }> {
      const rows = await db.select().from(freeBoxes);
      const counts = await db
        .select({ kind: freeBoxClaims.kind, n: count() })
        .from(freeBoxClaims)
        .groupBy(freeBoxClaims.kind);
      const onSale = await boxesOnSale(locale);
      const list: AdminFreeBox[] = [];
      for (const r of rows) {
        const box = onSale.get(r.boxId);
        list.push({
          kind: r.kind as FreeBoxKind,
          box_id: r.boxId,
          box_name: box?.name ?? '',
          price: box?.price ?? 0,
          enabled: r.enabled,
          claimed: counts.find((c) => c.kind === r.kind)?.n ?? 0,
          updated_at: r.updatedAt.getTime(),
        });
      }
      return { list };
    },

    async adminUpdate(
      who: AdminActor,
      input: AdminFreeBoxUpdate,
      locale: Locale = 'zh-CN',
    ): Promise<{ list: AdminFreeBox[] }> {
      if (input.box_id !== undefined && !(await boxesOnSale('zh-CN')).has(input.box_id))
        throw new AppError('FREE_BOX_BOX_INVALID');
      const now = new Date(clock.now());
      await deps.transaction(async (tx) => {
        const [before] = await tx.select().from(freeBoxes).where(eq(freeBoxes.kind, input.kind)).for('update');
        if (!before && input.box_id === undefined) throw new AppError('FREE_BOX_BOX_INVALID');
        const after = {
          kind: input.kind,
          boxId: input.box_id ?? before?.boxId ?? 0,
          enabled: input.enabled ?? before?.enabled ?? true,
          updatedAt: now,
        };
        await tx
          .insert(freeBoxes)
          .values(after)
          .onConflictDoUpdate({
            target: freeBoxes.kind,
            set: { boxId: after.boxId, enabled: after.enabled, updatedAt: now },
          });
        await recordAudit(
          tx,
          who,
          {
            action: 'free_box.update',
            target: `free_box:${input.kind}`,
            before: before ?? null,
            after,
            reason: input.reason,
          },
          now,
        );
      });
      return this.adminList(locale);
    },
  };
}

export type FreeBoxesService = ReturnType<typeof createFreeBoxes>;
