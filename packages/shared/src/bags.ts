import { z } from 'zod';
import { BAG_SOURCES } from './bags-paths.ts';
import { recordId, recordIdQuery } from './record-id.ts';
import { pageQuery } from './wallet.ts';

/**
 * Contract of the lucky bags (福袋; spec 2 §2 dialog 7, §4, §7; issue 21; rules in
 * packages/game/src/bags.ts and docs/promotions/bags.md). Amounts are integer units (1/10000
 * yuan); times epoch ms.
 */
export {
  ADMIN_BAG_PATHS,
  BAG_CAMPAIGN_KINDS,
  BAG_COUNT_EVENT,
  BAG_GAME,
  BAG_OPEN_COOLDOWN_MS,
  BAG_PATHS,
  BAG_SOURCES,
  BAG_STATE,
  BAG_TICKETS,
  type BagCampaignKind,
  type BagCountPush,
  type BagSource,
} from './bags-paths.ts';

const int = () => z.number().int();

/** has-bag: the icon shows when `has_bag`; `next` is the bag the icon's button opens. */
export const hasBagResponse = z.object({
  has_bag: z.boolean(),
  /** Unopened bags the player holds. */
  count: int(),
  next: z.object({ bag_id: int(), campaign_id: int(), name: z.string() }).nullable(),
});
export type HasBagResponse = z.infer<typeof hasBagResponse>;

/** get-bag: the oldest unopened bag (of one campaign when given). */
export const getBagRequest = z.object({ campaign_id: recordId.optional() });
/** bag/get: that bag. */
export const openBagRequest = z.object({ bag_id: recordId });

/**
 * The public inputs of a bag's roll: with the revealed server seed, ticket =
 * HMAC-SHA256(server_seed, "bag:<client_seed>:<nonce>:<cursor>") read as a number in
 * [0, ticket_total), and the amount is the table entry (version `table_version`, hash
 * `table_hash`) whose ticket range holds it.
 */
export const bagProof = z.object({
  nonce: int(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
  /** Null until the player rotates the seed pair (goods/v1/fair/rotate-seed). */
  server_seed: z.string().nullable(),
  table_version: int(),
  table_hash: z.string(),
  ticket: int(),
});
export type BagProof = z.infer<typeof bagProof>;

/** The answer of an opening (the spec's "lucky bag reward → code, get_money"). */
export const openBagResponse = z.object({
  bag_id: int(),
  campaign_id: int(),
  name: z.string(),
  /** What the bag paid, units. */
  get_money: int(),
  /** Coin balance afterwards. */
  money: int(),
  /** Unopened bags left. */
  count: int(),
  proof: bagProof,
});
export type OpenBagResponse = z.infer<typeof openBagResponse>;

export const bagRecordQuery = pageQuery.extend({ state: z.coerce.number().int().min(0).max(1).optional() });

export const bagRecord = z.object({
  id: int(),
  campaign_id: int(),
  name: z.string(),
  source: z.enum(BAG_SOURCES),
  /** 0 unopened, 1 opened (BAG_STATE). */
  state: int(),
  given_at: int(),
  opened_at: int().nullable(),
  /** What it paid, units; null while unopened. */
  get_money: int().nullable(),
  /** The roll's inputs; null while unopened. */
  proof: bagProof.nullable(),
});
export type BagRecord = z.infer<typeof bagRecord>;
export const bagRecordResponse = z.object({ list: z.array(bagRecord), total: int() });
export type BagRecordResponse = z.infer<typeof bagRecordResponse>;

export const bagTableQuery = z.object({
  campaign_id: recordIdQuery,
  /** The campaign's current table when absent. */
  version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const bagTableEntry = z.object({
  /** Units the bag pays when the ticket falls in [ticket_from, ticket_to). */
  amount: int(),
  tickets: int(),
  ticket_from: int(),
  ticket_to: int(),
});

/** A published amount table: entries in list order own consecutive ticket ranges. */
export const bagTableResponse = z.object({
  campaign_id: int(),
  name: z.string(),
  version: int(),
  ticket_total: int(),
  /** SHA-256 of `{"n":<ticket_total>,"amounts":[[amount,tickets],…]}`, stored with every roll. */
  table_hash: z.string(),
  /** Σ amount × tickets ÷ ticket_total, floored: what a bag pays on average, units. */
  ev: int(),
  entries: z.array(bagTableEntry),
});
export type BagTableResponse = z.infer<typeof bagTableResponse>;

/** What a mail attachment or a redeem code lists of the bags it gives: one per entry. */
export const mailBag = z.object({ campaign_id: int(), name: z.string() });
