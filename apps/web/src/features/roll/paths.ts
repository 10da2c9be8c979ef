import { PATHS } from '../../lib/paths.ts';

/** A room's page: /roll/details?roomID= (like battles' /battle/details?roomID=, spec 2 §2). */
export function rollDetailsPath(roomId: number, vip = false): string {
  return `${vip ? PATHS.vipRollDetails : PATHS.rollDetails}?roomID=${roomId}`;
}
