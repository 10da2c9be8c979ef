import type { TaskKind } from '@kaixiang/shared/tasks';
import type { Tx } from '../../db/client.ts';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { signallingLedger } from './tasks.activity.ts';
import { createTasksAdmin, type TasksAdmin } from './tasks.admin.ts';
import { createTasksService, type TasksService } from './tasks.service.ts';

export interface TasksModule {
  service: TasksService;
  admin: TasksAdmin;
  /** The app's ledger for a module whose actions count towards tasks of `kinds`. */
  ledgerFor(kinds: readonly TaskKind[]): Ledger;
}

/** The daily tasks wired on the runtime and the app's one ledger (routes: tasks.routes.ts, tasks.admin-routes.ts). */
export function createTasksModule(
  rt: Runtime,
  ledger: Ledger,
  log?: { warn: (obj: unknown, msg: string) => void },
): TasksModule {
  const db = rt.database.db;
  const service = createTasksService({ db, clock: rt.clock, ledger, bus: rt.bus, ...(log ? { log } : {}) });
  const admin = createTasksAdmin({
    db,
    clock: rt.clock,
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => rt.transaction(fn),
    onChange: service.invalidate,
  });
  return { service, admin, ledgerFor: (kinds) => signallingLedger(ledger, kinds, service.touch) };
}
