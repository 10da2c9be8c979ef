/**
 * The shapes of the /fairness recipe's worked examples (examples.ts). Every field is a literal
 * the page prints; recipe/examples.test.ts recomputes each one with the rules and the verifiers.
 */

/** One number in [0, n) read as the recipe says, with every step shown. */
export interface ExampleDraw {
  n: number;
  /** The cursor whose digest gave the number, its message and its digest (64 hex digits). */
  cursor: number;
  message: string;
  digest: string;
  /** The digest's four 13-digit pieces, in order. */
  pieces: string[];
  /** The piece taken (0–3) and its value. */
  piece: number;
  pieceValue: number;
  /** 2^52 − (2^52 mod n): the piece is below it, so it is taken. */
  limit: number;
  /** pieceValue mod n. */
  value: number;
}

/** The seeds every example starts from: the server seed and its published SHA-256. */
export interface ExampleSeeds {
  serverSeed: string;
  serverSeedHash: string;
}

/** An odds table: [item id, wear grade, tickets] in list order, the tickets summing to `total`. */
export interface ExampleTable {
  total: number;
  items: [number, number, number][];
}

export interface BoxExample extends ExampleSeeds, ExampleTable {
  clientSeed: string;
  nonce: number;
  /** The text whose SHA-256 is the odds hash, and that hash. */
  oddsText: string;
  oddsHash: string;
  draw: ExampleDraw;
  /** The entry whose tickets [from, to) hold the ticket. */
  index: number;
  from: number;
  to: number;
}

export interface UpgradeExample extends ExampleSeeds {
  clientSeed: string;
  nonce: number;
  ratePpm: number;
  draw: ExampleDraw;
  win: boolean;
}

/** A wish of the wishing well: a roll of a million, a hit below the chance (ppm). */
export interface WishExample extends ExampleSeeds {
  clientSeed: string;
  nonce: number;
  chancePpm: number;
  draw: ExampleDraw;
  hit: boolean;
}

/** The lucky player's roll of one opened box (n = 108; 0 is lucky). */
export interface LuckyExample extends ExampleSeeds {
  clientSeed: string;
  nonce: number;
  draw: ExampleDraw;
  lucky: boolean;
}

export interface BagExample extends ExampleSeeds {
  clientSeed: string;
  nonce: number;
  total: number;
  /** The amount table: [amount in units, tickets] in list order, the tickets summing to `total`. */
  amounts: [number, number][];
  /** The text whose SHA-256 is the table hash, and that hash. */
  tableText: string;
  tableHash: string;
  draw: ExampleDraw;
  /** The entry whose tickets [from, to) hold the ticket, and what it pays. */
  index: number;
  from: number;
  to: number;
  amount: number;
}

export interface BattleExample extends ExampleSeeds, ExampleTable {
  publicSeed: string;
  roomId: number;
  /** Classic (1): the highest total wins. One box, so round 0 only. */
  rule: number;
  /** The price of each entry (units), aligned with `items`. */
  prices: number[];
  seats: { seat: number; draw: ExampleDraw; index: number; price: number }[];
  totals: number[];
  /** The seats with the best total, ascending, and the roll among them when there are several. */
  tie: { candidates: number[]; draw: ExampleDraw } | null;
  winner: number;
}

export interface TurntableExample extends ExampleSeeds {
  /** The seed's place in its hash chain and the chain's published terminal hash. */
  chainIndex: number;
  terminalHash: string;
  publicSeed: string;
  roundId: number;
  outer: { draw: ExampleDraw; icon: number };
  inner: { draw: ExampleDraw; icon: number };
}

export interface RollExample extends ExampleSeeds {
  publicSeed: string;
  roomId: number;
  /** Entrants' user ids ascending, the text hashed for entrants_hash, and the hash. */
  entrants: number[];
  entrantsText: string;
  entrantsHash: string;
  /** Prize i: the roll, the position swapped with i (i + roll), the winner and the order after the swap. */
  steps: { draw: ExampleDraw; swap: number; winner: number; order: number[] }[];
}

export interface TreasureExample extends ExampleSeeds {
  publicSeed: string;
  roomId: number;
  /** holders[k]: the user id holding card k (0-based, in the order sold). */
  holders: number[];
  draw: ExampleDraw;
  card: number;
  holder: number;
}

export interface RainExample extends ExampleSeeds {
  publicSeed: string;
  roundId: number;
  pool: number;
  count: number;
  min: number;
  /** Packets 0 … count − 2: k packets left, the surplus S before it, the bound b, the draw, the packet. */
  steps: { k: number; surplus: number; bound: number; draw: ExampleDraw; amount: number }[];
  /** The last packet: min + what is left. */
  last: { rest: number; amount: number };
  packets: number[];
  /** The text hashed for the list's commitment, and that hash. */
  listText: string;
  listHash: string;
}

/** One close time and the beacon round each beacon gives for it, with that round's time. */
export interface BeaconExample {
  closedAt: number;
  drand: { round: number; at: number };
  local: { round: number; at: number };
}

export interface RecipeExamples {
  beacon: BeaconExample;
  box: BoxExample;
  upgrade: UpgradeExample;
  lucky: LuckyExample;
  bag: BagExample;
  wish: WishExample;
  battle: BattleExample;
  turntable: TurntableExample;
  roll: RollExample;
  treasure: TreasureExample;
  rain: RainExample;
}
