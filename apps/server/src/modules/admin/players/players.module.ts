import type { ProtectionView } from '@kaixiang/shared/protection';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../../runtime.ts';
import type { SessionsService } from '../../accounts/sessions.service.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { MailService } from '../../mail/mail.service.ts';
import { createPlayerActions } from './players.actions.ts';
import { playersAdminRoutes } from './players.routes.ts';
import { createPlayerViews } from './players.views.ts';

/** The console's Players API on the runtime, the app's one ledger, the accounts' sessions and the mailbox. */
export async function registerPlayersAdmin(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    ledger: Ledger;
    sessions: SessionsService;
    mail: MailService;
    authenticate: (req: FastifyRequest) => Promise<void>;
    protectionOf: (userId: number) => Promise<ProtectionView | null>;
  },
): Promise<void> {
  const db = rt.database.db;
  const views = createPlayerViews({ db, clock: rt.clock, protectionOf: deps.protectionOf });
  const actions = createPlayerActions({
    db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    ledger: deps.ledger,
    sessions: deps.sessions,
    counters: rt.counters,
    mail: deps.mail,
  });
  await app.register(playersAdminRoutes(views, actions, deps.authenticate), { prefix: '/api' });
}
