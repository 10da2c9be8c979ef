import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createMailService, type MailDeps, type MailService } from './mail.service.ts';
import { createRedeemService, type RedeemService } from './redeem.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mailbox: other modules send mail with `app.mail.send(...)` or `sendInTx` + `notify`. */
    mail: MailService;
  }
}

export interface MailModule {
  mail: MailService;
  redeem: RedeemService;
}

/** Builds the mailbox and redeem codes on the runtime and the app's one ledger. */
export function createMailModule(rt: Runtime, ledger: Ledger, onBagsGiven?: MailDeps['onBagsGiven']): MailModule {
  const transaction: MailDeps['transaction'] = (fn) => rt.transaction(fn);
  const mail = createMailService({
    db: rt.database.db,
    ledger,
    bus: rt.bus,
    clock: rt.clock,
    transaction,
    ...(onBagsGiven ? { onBagsGiven } : {}),
  });
  const redeem = createRedeemService({
    db: rt.database.db,
    clock: rt.clock,
    mail,
    counters: rt.counters,
    transaction,
  });
  return { mail, redeem };
}
