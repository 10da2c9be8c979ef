import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { type ActivitiesAdmin, createActivitiesAdmin } from '../site/activities.admin.ts';
import { createSignInAdmin, type SignInAdmin } from './sign-in.admin.ts';
import { createSignInService, type SignInService } from './sign-in.service.ts';

export interface SignInModule {
  service: SignInService;
  admin: { signIn: SignInAdmin; activities: ActivitiesAdmin };
}

/**
 * The daily sign-in and the activity list's admin API, wired on the runtime and the app's one
 * ledger (routes: sign-in.routes.ts, sign-in.admin-routes.ts). `onBags` tells the bag icon.
 */
export function createSignInModule(
  rt: Runtime,
  ledger: Ledger,
  onBags: (userId: number) => Promise<void>,
): SignInModule {
  const db = rt.database.db;
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn);
  return {
    service: createSignInService({ db, clock: rt.clock, ledger, onBags }),
    admin: {
      signIn: createSignInAdmin({ db, clock: rt.clock, transaction }),
      activities: createActivitiesAdmin({ db, clock: rt.clock, transaction }),
    },
  };
}
