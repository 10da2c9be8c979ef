import { BATTLE_GAME, BATTLE_TIE_SLOT } from '@kaixiang/game/battle';
import { CHUNK_BITS } from '@kaixiang/game/fair';
import { RAIN_GAME, RAIN_ROUND } from '@kaixiang/game/rain';
import { ROLL_DRAW_ROUND, ROLL_GAME } from '@kaixiang/game/roll';
import { TREASURE_DRAW_ROUND, TREASURE_GAME } from '@kaixiang/game/treasure';
import {
  TURNTABLE_DRAW_ROUND,
  TURNTABLE_GAME,
  TURNTABLE_INNER_SLOT,
  TURNTABLE_OUTER_SLOT,
} from '@kaixiang/game/turntable';
import { BAG_GAME } from '@kaixiang/shared/bags-paths';
import { BOX_GAME } from '@kaixiang/shared/boxes';
import { LUCKY_GAME } from '@kaixiang/shared/lucky-paths';
import { UPGRADE_GAME } from '@kaixiang/shared/upgrade-paths';
import { WISH_GAME } from '@kaixiang/shared/wishing-well-paths';

/**
 * The HMAC messages of every game as the /fairness recipe prints them: `{name}` marks a field
 * (a decimal integer, or a seed as its lowercase hex text), everything else is literal. The
 * game names and slot names come from the rules themselves (packages/game); the order of the
 * fields is what recipe/independent.test.ts holds to the rules' own messages, so the page cannot
 * say one thing while the server hashes another.
 */
export const MESSAGE_TEMPLATES = {
  box: `${BOX_GAME}:{client_seed}:{nonce}:{cursor}`,
  upgrade: `${UPGRADE_GAME}:{client_seed}:{nonce}:{cursor}`,
  lucky: `${LUCKY_GAME}:{client_seed}:{nonce}:{cursor}`,
  bag: `${BAG_GAME}:{client_seed}:{nonce}:{cursor}`,
  wish: `${WISH_GAME}:{client_seed}:{nonce}:{cursor}`,
  battle: `${BATTLE_GAME}:{public_seed}:{room_id}:{round}:{seat}:{cursor}`,
  battleTie: `${BATTLE_GAME}:{public_seed}:{room_id}:{boxes}:${BATTLE_TIE_SLOT}:{cursor}`,
  turntableOuter: `${TURNTABLE_GAME}:{public_seed}:{round_id}:${TURNTABLE_DRAW_ROUND}:${TURNTABLE_OUTER_SLOT}:{cursor}`,
  turntableInner: `${TURNTABLE_GAME}:{public_seed}:{round_id}:${TURNTABLE_DRAW_ROUND}:${TURNTABLE_INNER_SLOT}:{cursor}`,
  roll: `${ROLL_GAME}:{public_seed}:{room_id}:${ROLL_DRAW_ROUND}:{i}:{cursor}`,
  treasure: `${TREASURE_GAME}:{public_seed}:{room_id}:${TREASURE_DRAW_ROUND}:0:{cursor}`,
  rain: `${RAIN_GAME}:{public_seed}:{round_id}:${RAIN_ROUND}:{i}:{cursor}`,
  rainList: `${RAIN_GAME}:{round_id}:{packets}`,
  localBeacon: 'kaixiang-beacon:{round}',
} as const;

export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES;

/** Bits per number read from a digest, and hex digits per piece (4 bits each): 52 and 13. */
export const PIECE_BITS = CHUNK_BITS;
export const PIECE_HEX_DIGITS = CHUNK_BITS / 4;
export const PIECES_PER_DIGEST = 4;
