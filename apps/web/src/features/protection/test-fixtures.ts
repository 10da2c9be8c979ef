import type { ProtectionView } from '@kaixiang/shared/protection';

/** Test data only: a player who set nothing yet, as the server answers at `now`. */
export function emptyView(now: number, over: Partial<ProtectionView> = {}): ProtectionView {
  return {
    limits: {
      deposit_day: null,
      deposit_week: null,
      deposit_month: null,
      loss_day: null,
      loss_week: null,
      loss_month: null,
    },
    pending: [],
    usage: { deposit_day: 0, deposit_week: 0, deposit_month: 0, loss_day: 0, loss_week: 0, loss_month: 0 },
    reality_check_minutes: 0,
    session: null,
    cool_off_until: null,
    excluded_until: null,
    now,
    ...over,
  };
}
