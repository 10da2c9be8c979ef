import { serverSeedHash } from '@kaixiang/game/fair';
import { rollWish } from '@kaixiang/game/wish';
import type { WishRecord } from '@kaixiang/shared/wishing-well';

/**
 * The player's wishes as the wishing well's records list them, rolled by the real rules from a
 * known pair at a 25 % chance: the first nonce that hits or misses, for the verifier's tests.
 */
export const WISH_SEED = '0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9001a2b3c4d5e6';
export const WISH_CLIENT_SEED = 'well-client-3';
const CHANCE = 250_000;

export function wishRecord(id: number, hit: boolean, revealed = true): WishRecord {
  let nonce = 0;
  let roll = rollWish({ serverSeed: WISH_SEED, clientSeed: WISH_CLIENT_SEED, nonce }).roll;
  while (roll < CHANCE !== hit) {
    nonce++;
    roll = rollWish({ serverSeed: WISH_SEED, clientSeed: WISH_CLIENT_SEED, nonce }).roll;
  }
  return {
    id,
    entry_id: 3,
    name: 'AK-47 | 红线',
    img: '',
    item_id: 507,
    exter: 2,
    quality: 4,
    worth: 400_000,
    currency: 'coin',
    price: 120_000,
    chance_ppm: CHANCE,
    roll,
    hit,
    user_item_id: hit ? 9001 : null,
    created_at: 1_764_000_000_000 + id,
    proof: {
      nonce,
      client_seed: WISH_CLIENT_SEED,
      server_seed_hash: serverSeedHash(WISH_SEED),
      server_seed: revealed ? WISH_SEED : null,
    },
  };
}
