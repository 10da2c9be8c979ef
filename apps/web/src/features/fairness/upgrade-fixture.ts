import { serverSeedHash } from '@kaixiang/game/fair';
import { rollUpgrade } from '@kaixiang/game/upgrade';
import type { UserUpgradeEntry } from '@kaixiang/shared/upgrade';

/**
 * The player's upgrades as user-upgrade-history lists them, rolled by the real rules from a known
 * seed pair: `won` (nonce 3) and `lost` (nonce 4) at 28.50 %, for the verifier's tests.
 */
export const UPGRADE_SEED = '9f1c2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
export const UPGRADE_CLIENT_SEED = 'fair-client-7';
const RATE = 285_000;

function firstNonce(from: number, win: boolean): { nonce: number; roll: number } {
  for (let nonce = from; ; nonce++) {
    const { roll } = rollUpgrade({ serverSeed: UPGRADE_SEED, clientSeed: UPGRADE_CLIENT_SEED, nonce });
    if (roll < RATE === win) return { nonce, roll };
  }
}

export function upgradeEntry(id: number, win: boolean, revealed = true): UserUpgradeEntry {
  const { nonce, roll } = firstNonce(1, win);
  return {
    id,
    user_id: 42,
    nick_name: '开箱玩家',
    avatar: '',
    vip_level: 1,
    target: { upgrade_item_id: 7, item_id: 507, name: 'AK-47 | 红线', img: '', quality: 4, exter: 2, price: 1_000_000 },
    stake_value: 300_000,
    rate_ppm: RATE,
    success: win,
    created_at: 1_764_000_000_000 + id,
    stake_items: [{ id: 101, item_id: 1001, name: 'M4A1 | 印花集', img: '', quality: 3, exter: 3, price: 300_000 }],
    stake_balance: 0,
    user_item_id: win ? 7001 : null,
    proof: {
      nonce,
      client_seed: UPGRADE_CLIENT_SEED,
      server_seed_hash: serverSeedHash(UPGRADE_SEED),
      server_seed: revealed ? UPGRADE_SEED : null,
      roll,
    },
  };
}
