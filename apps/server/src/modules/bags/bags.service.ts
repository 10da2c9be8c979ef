import { type BagEntry, bagTicketRanges, rollBag } from '@kaixiang/game/bags';
import {
  BAG_COUNT_EVENT,
  BAG_OPEN_COOLDOWN_MS,
  BAG_TICKETS,
  type BagCountPush,
  type BagRecordResponse,
  type BagSource,
  type BagTableResponse,
  type HasBagResponse,
  type OpenBagResponse,
} from '@kaixiang/shared/bags';
import type { Locale } from '@kaixiang/shared/locale';
import { userRoom } from '@kaixiang/shared/socket';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { CounterStore } from '../../infra/counters.ts';
import { createKeyedQueue } from '../../infra/keyed-queue.ts';
import { createSeedCache, lockActiveSeed, readActiveSeed, type SeedState } from '../boxes/fair-seeds.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { pick } from '../site/site.service.ts';
import { bagsRepo, type CampaignRow, type OpenBagJson, type TableRow } from './bags.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lucky bags: tests drive them. */
    bags: BagsService;
  }
}

export interface BagsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  bus: EventBus;
  /** The 3 s opening limit's counters: Redis when configured, so it holds across processes. */
  counters: CounterStore;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** One opening request per this long per player; tests of the database's own guard set 0. */
  cooldownMs?: number;
}

/** A campaign's current version is read again after this long (a changed table is caught anyway). */
const CAMPAIGN_TTL_MS = 5_000;

type Opened = { json: Extract<OpenBagJson, { status: 'ok' }>; seed: SeedState; roll: ReturnType<typeof rollBag> };

export const entriesOf = (t: TableRow): BagEntry[] =>
  t.entries.map((e) => ({ amountUnits: e.amountUnits, tickets: e.tickets }));

export const campaignName = (c: Pick<CampaignRow, 'nameZhCn' | 'nameZhTw' | 'nameEn'>, locale: Locale) =>
  pick({ zhCn: c.nameZhCn, zhTw: c.nameZhTw, en: c.nameEn }, locale);

/**
 * Lucky bags a player holds (福袋, issue 21; docs/promotions/bags.md): whether there is one (the
 * icon), opening one, the player's record and the published tables. An opening rolls from the
 * player's own seed pair like a box and is one statement (kx_open_bag): the bag's state, the
 * nonce and the credit together.
 */
export function createBagsService(deps: BagsDeps) {
  const { db, clock, ledger, bus, counters } = deps;
  const cooldownMs = deps.cooldownMs ?? BAG_OPEN_COOLDOWN_MS;
  // One player's openings run one after another in this process: they share one seed pair.
  const queue = createKeyedQueue();
  const seeds = createSeedCache();
  const campaigns = new Map<number, { at: number; row: CampaignRow }>();
  // A version's table never changes once published: kept for good (a few rows per campaign).
  const tables = new Map<string, TableRow>();

  async function campaignOf(id: number): Promise<CampaignRow> {
    const hit = campaigns.get(id);
    if (hit && clock.now() - hit.at < CAMPAIGN_TTL_MS) return hit.row;
    const row = await bagsRepo.campaign(db, id);
    if (!row) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
    campaigns.set(id, { at: clock.now(), row });
    return row;
  }

  async function tableOf(campaignId: number, version: number): Promise<TableRow> {
    const key = `${campaignId}:${version}`;
    const hit = tables.get(key);
    if (hit) return hit;
    const row = await bagsRepo.table(db, campaignId, version);
    if (!row) throw new Error(`bag campaign ${campaignId} has no table version ${version}`);
    tables.set(key, row);
    return row;
  }

  /**
   * The 3 s rule (spec 2 §4): one opening request per player, whichever process takes it — the
   * reservation is one atomic step in Redis when configured (in memory on the embedded default).
   */
  async function takeCooldown(userId: number): Promise<void> {
    if (cooldownMs <= 0) return;
    if (!(await counters.reserve([{ key: `bag_open:${userId}`, max: 1 }], cooldownMs))) {
      throw new AppError('BAG_TOO_FREQUENT');
    }
  }

  /**
   * Rolls from the player's active seed pair as this process last saw it; kx_open_bag records
   * the opening only if the pair (and the campaign's table) has not moved since. When the pair
   * has, roll again in one transaction that locks the bag and then the pair — the order the
   * statement itself takes them, so two openings on two processes cannot deadlock.
   */
  async function rollOnce(
    userId: number,
    bagId: number,
    campaign: CampaignRow,
    table: TableRow,
  ): Promise<Opened | 'table_changed'> {
    const entries = entriesOf(table);
    const now = new Date(clock.now());
    const record = async (on: Db | Tx, seed: SeedState): Promise<Opened | 'stale_seed' | 'table_changed'> => {
      const roll = rollBag({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce }, entries);
      const json = await bagsRepo.open(on, {
        userId,
        bagId,
        campaignId: campaign.id,
        table: { version: table.version, hash: table.tableHash },
        ticket: roll.ticket,
        amountUnits: roll.amountUnits,
        seed,
        memo: campaign.nameZhCn,
        now,
      });
      if (json.status === 'ok') return { json, seed, roll };
      if (json.status === 'stale_seed' || json.status === 'table_changed') return json.status;
      throw new AppError(json.status === 'opened' ? 'BAG_ALREADY_OPENED' : 'BAG_NOT_FOUND');
    };
    let out: Opened | 'stale_seed' | 'table_changed';
    try {
      out = await record(db, seeds.get(userId) ?? (await readActiveSeed(db, userId, now)));
      if (out === 'stale_seed') {
        seeds.forget(userId);
        out = await deps.transaction(async (tx) => {
          await bagsRepo.lockBag(tx, userId, bagId);
          const r = await record(tx, await lockActiveSeed(tx, userId, now));
          if (r === 'stale_seed') throw new Error('the seed pair moved under its own row lock');
          return r;
        });
      }
    } catch (e) {
      seeds.forget(userId);
      throw e;
    }
    if (out === 'table_changed') return out;
    seeds.set(userId, { ...out.seed, nonce: out.seed.nonce + 1 });
    return out;
  }

  /** Opens one bag: rolled against the campaign's current table, again if it changed meanwhile. */
  async function openBag(userId: number, bagId: number, campaignId: number, locale: Locale): Promise<OpenBagResponse> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const campaign = await campaignOf(campaignId);
      const table = await tableOf(campaign.id, campaign.tableVersion);
      const out = await rollOnce(userId, bagId, campaign, table);
      if (out === 'table_changed') {
        campaigns.delete(campaignId);
        continue;
      }
      const count = await bagsRepo.unopenedCount(db, userId);
      // The answer carries the balance; the pushes (header, other tabs, the icon) do not hold it up.
      void ledger.pushBalances([userId]).catch(() => undefined);
      void publishCount(userId, count);
      return {
        bag_id: bagId,
        campaign_id: campaign.id,
        name: campaignName(campaign, locale),
        get_money: out.roll.amountUnits,
        money: out.json.balance,
        count,
        proof: {
          nonce: out.seed.nonce,
          client_seed: out.seed.clientSeed,
          server_seed_hash: out.seed.serverSeedHash,
          server_seed: null,
          table_version: table.version,
          table_hash: table.tableHash,
          ticket: out.roll.ticket,
        },
      };
    }
    throw new Error(`bag campaign ${campaignId}'s table kept changing`);
  }

  function openOwn(userId: number, bagId: number, locale: Locale): Promise<OpenBagResponse> {
    return queue(userId, async () => {
      const bag = await bagsRepo.bag(db, userId, bagId);
      if (!bag) throw new AppError('BAG_NOT_FOUND');
      if (bag.state !== 0) throw new AppError('BAG_ALREADY_OPENED');
      return openBag(userId, bag.id, bag.campaignId, locale);
    });
  }

  async function publishCount(userId: number, count?: number): Promise<void> {
    const push: BagCountPush = { count: count ?? (await bagsRepo.unopenedCount(db, userId)) };
    // A courtesy, like the money push: the bags are committed whether or not it goes out.
    await bus.publish(userRoom(userId), BAG_COUNT_EVENT, push).catch(() => undefined);
  }

  return {
    /** has-bag: whether the icon shows, and the bag its button opens. */
    async hasBag(userId: number, locale: Locale): Promise<HasBagResponse> {
      const [count, next] = await Promise.all([bagsRepo.unopenedCount(db, userId), bagsRepo.nextUnopened(db, userId)]);
      return {
        has_bag: count > 0,
        count,
        next: next ? { bag_id: next.id, campaign_id: next.campaignId, name: pick(next.names, locale) } : null,
      };
    },

    /** get-bag: the oldest unopened bag (of one campaign when given). */
    async getBag(userId: number, campaignId: number | undefined, locale: Locale): Promise<OpenBagResponse> {
      await takeCooldown(userId);
      return queue(userId, async () => {
        // A bag picked here may be opened meanwhile by this player's request on another process
        // (the cooldown stops that unless it is off): then the next one is picked.
        for (let attempt = 0; attempt < 5; attempt++) {
          const next = await bagsRepo.nextUnopened(db, userId, campaignId);
          if (!next) throw new AppError('BAG_NONE');
          try {
            return await openBag(userId, next.id, next.campaignId, locale);
          } catch (e) {
            if (!(e instanceof AppError && e.key === 'BAG_ALREADY_OPENED')) throw e;
          }
        }
        throw new AppError('BAG_NONE');
      });
    },

    /** bag/get: this bag of the player's. */
    async open(userId: number, bagId: number, locale: Locale): Promise<OpenBagResponse> {
      await takeCooldown(userId);
      return openOwn(userId, bagId, locale);
    },

    /**
     * Opens a bag another module has just given by its own rule (the energy box): the same queue
     * and statement as bag/get, without bag/get's 3 s reservation.
     */
    openGiven: openOwn,

    /** get-record: the player's bags, newest first, each opened one with its roll's inputs. */
    async record(
      userId: number,
      q: { page: number; page_size: number; state?: number | undefined },
      locale: Locale,
    ): Promise<BagRecordResponse> {
      const { rows, total } = await bagsRepo.records(db, userId, {
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
        state: q.state,
      });
      return {
        list: rows.map(({ b, names, seedHash, serverSeed, revealedAt }) => ({
          id: b.id,
          campaign_id: b.campaignId,
          name: pick(names, locale),
          source: b.source as BagSource,
          state: b.state,
          given_at: b.givenAt.getTime(),
          opened_at: b.openedAt?.getTime() ?? null,
          get_money: b.amountUnits,
          proof:
            b.state === 1 && seedHash !== null
              ? {
                  nonce: b.nonce ?? 0,
                  client_seed: b.clientSeed ?? '',
                  server_seed_hash: seedHash,
                  server_seed: revealedAt ? serverSeed : null,
                  table_version: b.tableVersion ?? 0,
                  table_hash: b.tableHash ?? '',
                  ticket: b.ticket ?? 0,
                }
              : null,
        })),
        total,
      };
    },

    /** get-table: a campaign's published table (its current one unless a version is asked for). */
    async table(campaignId: number, version: number | undefined, locale: Locale): Promise<BagTableResponse> {
      const campaign = await bagsRepo.campaign(db, campaignId);
      if (!campaign) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
      const wanted = version ?? campaign.tableVersion;
      if (wanted > campaign.tableVersion) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
      const table = await tableOf(campaignId, wanted);
      return tableView(table, campaignName(campaign, locale));
    },

    /** Tells the player's tabs how many unopened bags they hold (after bags were given). */
    publishCount,
  };
}

/** A table as players and operators see it: ranges, hash and expected value. */
export function tableView(t: TableRow, name: string): BagTableResponse {
  const ranges = bagTicketRanges(entriesOf(t));
  return {
    campaign_id: t.campaignId,
    name,
    version: t.version,
    ticket_total: BAG_TICKETS,
    table_hash: t.tableHash,
    ev: t.evUnits,
    entries: t.entries.map((e, i) => ({
      amount: e.amountUnits,
      tickets: e.tickets,
      ticket_from: ranges[i]?.from ?? 0,
      ticket_to: ranges[i]?.to ?? 0,
    })),
  };
}

export type BagsService = ReturnType<typeof createBagsService>;
