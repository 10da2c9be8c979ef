import type { TaskKind } from '@kaixiang/shared/tasks';
import type { Ledger } from '../ledger/ledger.ts';

/**
 * The app's ledger as one game module sees it, telling the daily tasks which players just did
 * something of `kinds` (docs/promotions/tasks.md "The notice"). Every action a task counts moves a
 * balance after its commit: an opening and a turntable bet push the player's balance
 * (`pushBalances`), a battle seat and a recharge post a transfer (`transaction`). The signal only
 * asks for a check: progress is read from the game's own records, so a signal for a transfer no
 * task counts (a battle's refund, an order made) costs one capped query and changes nothing.
 * Modules that are not wrapped (the rain, mail, the shop) never cause a check.
 */
export function signallingLedger(
  ledger: Ledger,
  kinds: readonly TaskKind[],
  signal: (userId: number, kinds: readonly TaskKind[]) => void,
): Ledger {
  return {
    pushBalances(userIds) {
      const ids = [...userIds];
      for (const id of ids) signal(id, kinds);
      return ledger.pushBalances(ids);
    },
    async transaction(fn) {
      const touched = new Set<number>();
      const out = await ledger.transaction((lt) => {
        // A retried transaction starts again: only the last attempt's users committed.
        touched.clear();
        return fn({
          ...lt,
          post: async (spec, insufficient) => {
            const r = await lt.post(spec, insufficient);
            for (const id of r.balances.keys()) touched.add(id);
            return r;
          },
        });
      });
      for (const id of touched) signal(id, kinds);
      return out;
    },
  };
}
