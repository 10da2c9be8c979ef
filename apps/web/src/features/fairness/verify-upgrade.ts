import { rollUpgrade, upgradeWins, verifyUpgrade } from '@kaixiang/game/upgrade';
import type { UserUpgradeEntry } from '@kaixiang/shared/upgrade';

export type UpgradeVerifyResult =
  /** The seed pair is still in use: its server seed comes out when the player rotates it. */
  | { kind: 'hidden' }
  | {
      kind: 'checked';
      /** sha256(revealed seed) is the hash shown before the roll. */
      seedHashOk: boolean;
      /** The roll recomputed from the seeds and nonce, and whether it equals the recorded one. */
      roll: number;
      rollOk: boolean;
      /** Which HMAC digest (cursor) and which of its 52-bit chunks gave the roll. */
      cursor: number;
      chunk: number;
      /** roll < rate decides: the recomputed outcome, and whether the record says the same. */
      success: boolean;
      outcomeOk: boolean;
      ok: boolean;
    };

/**
 * Recomputes one of the player's upgrades with the code the server ran (packages/game/upgrade):
 * HMAC_SHA256(server seed, "upgrade:<client seed>:<nonce>:<cursor>") read as a roll in
 * [0, 1,000,000), won when below the recorded chance in ppm. The roll depends on the seeds and
 * the nonce only, so the record's own proof is all it takes.
 */
export function verifyUpgradeRecord(r: UserUpgradeEntry): UpgradeVerifyResult {
  const serverSeed = r.proof.server_seed;
  if (!serverSeed) return { kind: 'hidden' };
  const seeds = { serverSeed, clientSeed: r.proof.client_seed, nonce: r.proof.nonce };
  const check = verifyUpgrade({
    ...seeds,
    serverSeedHash: r.proof.server_seed_hash.toLowerCase(),
    ratePpm: r.rate_ppm,
    roll: r.proof.roll,
    success: r.success,
  });
  const work = rollUpgrade(seeds);
  const success = upgradeWins(check.roll, r.rate_ppm);
  return {
    kind: 'checked',
    seedHashOk: check.seedMatchesHash,
    roll: check.roll,
    rollOk: check.roll === r.proof.roll,
    cursor: work.cursor,
    chunk: work.chunkIndex,
    success,
    outcomeOk: success === r.success,
    ok: check.valid,
  };
}

/** A chance in ppm as a percentage, two places, cut ("28.50%"). */
export function percentOfPpm(ppm: number): string {
  const hundredths = Math.floor(ppm / 100);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}%`;
}
