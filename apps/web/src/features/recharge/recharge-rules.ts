/** The confirm checks of spec 2 §5, in the order the dialog asks them. */
export const CONDITION_KEYS = ['resale', 'rational', 'afford'] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

export interface RechargeChecks {
  adult: boolean;
  conditions: Record<ConditionKey, boolean>;
  tierChosen: boolean;
  loading: boolean;
  /**
   * An unexpired QR is showing. Every change of choice drops it (recharge-dialog.tsx), so it is
   * the order for what is chosen now: confirming again would make a second one, which the server
   * refuses within 5 s — and the dialog lost the QR of the first, whose payment then never showed
   * (issue 20). The player is pointed at the QR instead.
   */
  qrShown: boolean;
}

/** The first unmet rule as a locale key under `recharge.`, or null when the order may be made. */
export function firstUnmetRule(c: RechargeChecks): string | null {
  if (!c.adult) return 'errors.adult';
  for (const key of CONDITION_KEYS) if (!c.conditions[key]) return `errors.condition.${key}`;
  if (!c.tierChosen) return 'errors.tier';
  if (c.loading) return 'errors.qrLoading';
  if (c.qrShown) return 'scanHint';
  return null;
}

/** The bonus badge: addition_money is in 1/10000 shares, shown as addition_money / 100 percent. */
export function bonusPercent(additionMoney: number): string {
  const hundredths = Math.trunc(additionMoney);
  const whole = Math.trunc(hundredths / 100);
  const frac = Math.abs(hundredths % 100);
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** mm:ss of a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
