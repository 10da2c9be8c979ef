import type { RollRoom } from '@kaixiang/game/roll';
import type { Treasure } from '@kaixiang/game/treasure';
import {
  type AdminCreatedResponse,
  type AdminGamesPage,
  type AdminRollCreateRequest,
  type AdminRollListResponse,
  type AdminTreasureCreateRequest,
  type AdminTreasureListResponse,
  type GameSettingsResponse,
  type GameSettingsSaveRequest,
  settingsProblem,
} from '@kaixiang/shared/admin-games';
import type { Locale } from '@kaixiang/shared/locale';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { siteSettings } from '../../../db/schema/site.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import { type ItemInfo, itemFacts } from '../../boxes/items.ts';
import type { RollService } from '../../roll/roll.service.ts';
import type { TreasureService } from '../../treasure/treasure.service.ts';
import { jackpotBalance } from '../../turntable/turntable.repo.ts';
import type { AdminActor } from '../admin-access.ts';
import { recordAudit } from '../audit.ts';
import {
  GAME_SETTINGS_KEY,
  GAME_SETTINGS_STALE_MS,
  type GameSettingsReader,
  readGameSettings,
} from './game-settings.ts';
import { gamesAdminRepo, ROLL_GAME, TREASURE_GAME } from './games-admin.repo.ts';

export interface GamesAdminDeps {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  roll: Pick<RollService, 'createOfficial'>;
  treasure: Pick<TreasureService, 'create'>;
  settings: GameSettingsReader;
  /** The catalogue's names (boxes.items): the treasures list names each prize. */
  items: () => Promise<Map<number, ItemInfo>>;
}

/**
 * The console's Games (docs/console/games.md): official roll rooms and treasures made through the
 * games' own creation code (the same rules, the same refusals), each audited in the room's own
 * transaction; and the game settings, saved with their audit record in one transaction.
 */
export function createGamesAdmin(deps: GamesAdminDeps) {
  const { db, clock } = deps;

  async function settingsNow(): Promise<GameSettingsResponse> {
    const { settings, updatedAt } = await readGameSettings(db, deps.settings.defaults);
    return {
      settings,
      defaults: deps.settings.defaults,
      updated_at: updatedAt?.getTime() ?? null,
      stale_ms: GAME_SETTINGS_STALE_MS,
      // Beside the feed it is fed by: the pool's ledger balance now (the account, never a copy).
      jackpot_pool: await jackpotBalance(db),
    };
  }

  return {
    async rollRooms(q: AdminGamesPage): Promise<AdminRollListResponse> {
      const { rows, total } = await gamesAdminRepo.rooms(db, ROLL_GAME, q.page_size, (q.page - 1) * q.page_size);
      const players = await gamesAdminRepo.rollPlayers(
        db,
        rows.map((r) => r.id),
      );
      return {
        list: rows.map((r) => {
          const room = r.data as RollRoom;
          return {
            room_id: r.id,
            title: room.title,
            state: room.state,
            official: room.official,
            owner_id: room.ownerId,
            owner_name: r.nick ?? '',
            prizes: room.prizes.length,
            value: room.prizes.reduce((sum, p) => sum + p.price, 0),
            players: players.get(r.id) ?? 0,
            draw_at: room.drawAtMs,
            created_at: r.createdAt.getTime(),
          };
        }),
        total,
      };
    },

    async createRoll(actor: AdminActor, body: AdminRollCreateRequest): Promise<AdminCreatedResponse> {
      return deps.roll.createOfficial(actor.adminId, body, (lt, made) =>
        recordAudit(
          lt.tx,
          actor,
          {
            action: 'games.roll.create',
            target: `roll:${made.roomId}`,
            after: {
              title: body.title,
              draw_at: body.draw_at,
              house_items: body.house_items,
              prizes: made.prizes,
              value: made.value,
              password: (body.password ?? '') !== '',
              min_recharge: body.min_recharge ?? 0,
              recharge_days: body.recharge_days ?? 0,
              min_vip: body.min_vip ?? 0,
            },
          },
          lt.now,
        ),
      );
    },

    async treasures(q: AdminGamesPage, locale: Locale): Promise<AdminTreasureListResponse> {
      const [{ rows, total }, info] = await Promise.all([
        gamesAdminRepo.rooms(db, TREASURE_GAME, q.page_size, (q.page - 1) * q.page_size),
        deps.items(),
      ]);
      return {
        list: rows.map((r) => {
          const t = r.data as Treasure;
          return {
            room_id: r.id,
            title: t.title,
            state: t.state,
            prize_name: itemFacts(info.get(t.itemDefId), locale).name,
            prize_price: t.prizePrice,
            cards: t.cards,
            sold: t.holders.length,
            card_price: t.cardPrice,
            deadline: t.deadlineMs,
            created_at: r.createdAt.getTime(),
          };
        }),
        total,
      };
    },

    async createTreasure(actor: AdminActor, body: AdminTreasureCreateRequest): Promise<AdminCreatedResponse> {
      return deps.treasure.create(actor.adminId, body, (lt, made) =>
        recordAudit(
          lt.tx,
          actor,
          {
            action: 'games.treasure.create',
            target: `treasure:${made.roomId}`,
            after: {
              title: made.title,
              item_id: made.itemDefId,
              exter: made.exter,
              prize_price: made.prizePrice,
              cards: made.cards,
              card_price: made.cardPrice,
              deadline: made.deadlineMs,
            },
          },
          lt.now,
        ),
      );
    },

    settings: settingsNow,

    /**
     * All the settings at once, under the stored row's lock (made first if absent): two saves at
     * the same moment queue, and each audit record's `before` is what it replaced.
     */
    async saveSettings(actor: AdminActor, input: GameSettingsSaveRequest): Promise<GameSettingsResponse> {
      const problem = settingsProblem(input.settings);
      if (problem) throw new AppError(problem);
      const after = input.settings;
      await deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        await tx
          .insert(siteSettings)
          .values({ key: GAME_SETTINGS_KEY, value: JSON.stringify(deps.settings.defaults), updatedAt: now })
          .onConflictDoNothing();
        await tx.select().from(siteSettings).where(eq(siteSettings.key, GAME_SETTINGS_KEY)).for('update');
        const before = (await readGameSettings(tx, deps.settings.defaults)).settings;
        await tx
          .update(siteSettings)
          .set({ value: JSON.stringify(after), updatedAt: now })
          .where(eq(siteSettings.key, GAME_SETTINGS_KEY));
        await recordAudit(
          tx,
          actor,
          { action: 'games.settings', target: `setting:${GAME_SETTINGS_KEY}`, before, after, reason: input.reason },
          now,
        );
      });
      // This process uses them from its next read; the others within GAME_SETTINGS_STALE_MS.
      deps.settings.invalidate();
      return settingsNow();
    },
  };
}

export type GamesAdmin = ReturnType<typeof createGamesAdmin>;
