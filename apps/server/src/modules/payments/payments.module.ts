import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { cashierDevRoutes } from './cashier.dev-routes.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsDeps } from './payments.service.ts';
import { createSandboxCashier, createSandboxProvider, type SandboxCashier } from './sandbox-pay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments module: main.ts schedules its expiry job, tests drive it. */
    payments: PaymentsModule;
  }
}

/**
 * Payments wired on the runtime (STYLE.md §4). The sandbox adapter and its cashier exist only
 * outside production; in production only real adapters may take orders, and there are none yet,
 * so every channel answers '暂无可用支付渠道，请稍后重试' (docs/_parts/payments.md).
 */
export async function registerPayments(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    ledger: Ledger;
    authenticate: (req: FastifyRequest) => Promise<void>;
    onPaid?: PaymentsDeps['onPaid'];
  },
) {
  const { config } = rt;
  const sandboxAllowed = config.NODE_ENV !== 'production' && config.PAYMENT_PROVIDER === 'sandbox';
  const providers: PaymentProvider[] = sandboxAllowed
    ? [
        createSandboxProvider({
          secret: config.SANDBOX_PAY_SECRET,
          clock: rt.clock,
          origin: config.PUBLIC_ORIGIN ?? '',
        }),
      ]
    : [];
  const service = createPaymentsService({
    db: rt.database.db,
    ledger: deps.ledger,
    clock: rt.clock,
    bus: rt.bus,
    providers,
    firstRechargeBonusBp: config.FIRST_RECHARGE_BONUS_BP,
    ...(deps.onPaid ? { onPaid: deps.onPaid } : {}),
  });
  let cashier: SandboxCashier | null = null;
  if (sandboxAllowed) {
    cashier = createSandboxCashier({
      secret: config.SANDBOX_PAY_SECRET,
      clock: rt.clock,
      // Through HTTP into our own notify endpoint, exactly the way a provider's server calls it.
      deliver: async (body) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/trade/v1/notify/sandbox',
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        return { status: res.statusCode, text: res.body };
      },
    });
    await app.register(cashierDevRoutes({ payments: service, cashier }));
  }
  await app.register(paymentsRoutes(service, providers, deps.authenticate), { prefix: '/api' });
  const module = {
    service,
    cashier,
    /** The scheduled job: expire pending orders, then let the sandbox deliver held notifications. */
    async tick() {
      await service.expireOrders();
      await cashier?.deliverDue();
    },
  };
  app.decorate('payments', module);
  return module;
}

export type PaymentsModule = Awaited<ReturnType<typeof registerPayments>>;
