import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { MailService } from '../mail/mail.service.ts';
import { createBoardsAdmin } from './boards.admin.ts';
import { boardsAdminRoutes } from './boards.admin-routes.ts';
import { type BoardsCloser, type CloseDeps, createBoardsCloser } from './boards.close.ts';
import { boardsRoutes } from './boards.routes.ts';
import { type BoardsService, createBoardsService } from './boards.service.ts';

export interface BoardsModule {
  service: BoardsService;
  closer: BoardsCloser;
}

declare module 'fastify' {
  interface FastifyInstance {
    boards: BoardsModule;
  }
}

/**
 * The boards and events (issue 25, docs/promotions/boards.md): the player's routes, the admin API,
 * and the closer the scheduler leader runs (main.ts). Decorated on the app as `boards`.
 */
export async function registerBoards(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    ledger: Ledger;
    mail: Pick<MailService, 'sendInTx' | 'notify'>;
    authenticate: (req: FastifyRequest) => Promise<void>;
    afterRankPaid?: CloseDeps['afterRankPaid'];
  },
): Promise<BoardsModule> {
  const db = rt.database.db;
  const service = createBoardsService({ db, clock: rt.clock, bus: rt.bus });
  const closer = createBoardsCloser({
    db,
    ledger: deps.ledger,
    clock: rt.clock,
    bus: rt.bus,
    mail: deps.mail,
    ...(deps.afterRankPaid ? { afterRankPaid: deps.afterRankPaid } : {}),
  });
  const admin = createBoardsAdmin({ db, clock: rt.clock, transaction: (fn) => rt.transaction(fn) });
  const module: BoardsModule = { service, closer };
  app.decorate('boards', module);
  await app.register(boardsRoutes(service, deps.authenticate), { prefix: '/api' });
  await app.register(boardsAdminRoutes(admin, deps.authenticate), { prefix: '/api' });
  return module;
}
