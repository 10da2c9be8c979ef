import { expectedValue, rtpBpOf } from '@kaixiang/game/box-design';
import { oddsHash } from '@kaixiang/game/fair';
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import type { Tx } from '../../db/client.ts';
import { type BoxContentRow, boxVersions } from '../../db/schema/boxes.ts';

/**
 * The one way a box version is made, by the seed and by the console (docs/boxes.md, Boxes;
 * docs/console/boxes.md): the contents, their odds hash over BOX_TICKETS, the price and the RTP
 * that price gives. Who makes it current (the seed's upsert, the console's update under the
 * box's row lock) is the caller's part, in the same transaction.
 */

/** EV = floor(Σ tickets × price / BOX_TICKETS) in units (packages/game expectedValue). */
export function expectedValueOf(contents: readonly BoxContentRow[]): number {
  return expectedValue(
    contents,
    contents.map((c) => c.priceUnits),
    BOX_TICKETS,
  );
}

/** The expected value and the RTP (basis points, rounded down) of contents sold at a price. */
export function boxEconomics(
  contents: readonly BoxContentRow[],
  priceUnits: number,
): { evUnits: number; rtpBp: number } {
  const evUnits = expectedValueOf(contents);
  return { evUnits, rtpBp: rtpBpOf(evUnits, priceUnits) };
}

export interface NewBoxVersion {
  boxId: number;
  version: number;
  contents: BoxContentRow[];
  priceUnits: number;
  rtpBp: number;
  /** The admin who saved it; null for the seed. */
  createdBy: number | null;
  createdAt?: Date;
}

/** Writes the version row with its odds hash; answers the hash. */
export async function insertBoxVersion(tx: Tx, v: NewBoxVersion): Promise<string> {
  const hash = oddsHash(v.contents, BOX_TICKETS);
  await tx.insert(boxVersions).values({
    boxId: v.boxId,
    version: v.version,
    contents: v.contents,
    ticketTotal: BOX_TICKETS,
    oddsHash: hash,
    priceUnits: v.priceUnits,
    rtpBp: v.rtpBp,
    createdBy: v.createdBy,
    ...(v.createdAt ? { createdAt: v.createdAt } : {}),
  });
  return hash;
}
