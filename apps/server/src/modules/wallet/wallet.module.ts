import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createMallService } from './mall.service.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/** The wallet and the mall, wired on the runtime and the app's one ledger (register under /api). */
export function walletModule(
  rt: Runtime,
  ledger: Ledger,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  const db = rt.database.db;
  return walletRoutes(createWalletService({ db, ledger }), createMallService({ db, ledger }), authenticate);
}
