import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { cashierDevRoutes } from './cashier.dev-routes.ts';
import { createCryptoPayments } from './crypto/crypto.module.ts';
import { mockRechargeDevRoutes } from './mock-recharge.dev-routes.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService, type PaymentsDeps } from './payments.service.ts';
import { realProviders } from './real-providers.ts';
import { createSandboxCashier, createSandboxProvider, type SandboxCashier } from './sandbox-pay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments module: main.ts schedules its expiry job, tests drive it. */
    payments: PaymentsModule;
  }
}

/**
 * Payments wired on the runtime (STYLE.md §4). The sandbox adapter and its cashier exist only
 * outside production; in production only the real adapters configured (ALIPAY_*, WECHATPAY_*) take
 * orders, and every other channel answers '暂无可用支付渠道，请稍后重试' (docs/payments.md "Payments").
 */
export async function registerPayments(
  app: FastifyInstance,
  rt: Runtime,
  deps: {
    ledger: Ledger;
    authenticate: (req: FastifyRequest) => Promise<void>;
    onPaid?: PaymentsDeps['onPaid'];
    vipBonusBp?: PaymentsDeps['vipBonusBp'];
    checkDeposit?: PaymentsDeps['checkDeposit'];
  },
) {
  const { config } = rt;
  const sandboxAllowed = config.NODE_ENV !== 'production' && config.PAYMENT_PROVIDER === 'sandbox';
  // Real adapters first: a channel is served by the first provider listing it, so the sandbox
  // only takes the channels no real adapter is configured for (docs/payments.md "Real payment adapters").
  const providers: PaymentProvider[] = [...realProviders(config, rt.clock)];
  if (sandboxAllowed) {
    providers.push(
      createSandboxProvider({
        secret: config.SANDBOX_PAY_SECRET,
        clock: rt.clock,
        origin: config.PUBLIC_ORIGIN ?? '',
        db: rt.database.db,
      }),
    );
  }
  // USDT: served by the chain watcher (CHAIN_WATCHER; docs/payments.md "USDT recharge"), null when off.
  const crypto = await createCryptoPayments(rt, { ledger: deps.ledger });
  if (crypto) providers.push(crypto.provider);
  const service = createPaymentsService({
    db: rt.database.db,
    ledger: deps.ledger,
    clock: rt.clock,
    bus: rt.bus,
    providers,
    firstRechargeBonusBp: config.FIRST_RECHARGE_BONUS_BP,
    ...(deps.onPaid ? { onPaid: deps.onPaid } : {}),
    ...(deps.vipBonusBp ? { vipBonusBp: deps.vipBonusBp } : {}),
    ...(deps.checkDeposit ? { checkDeposit: deps.checkDeposit } : {}),
    log: app.log,
    ...(crypto ? { crypto: crypto.orders } : {}),
  });
  const chain = crypto?.attach(service, app.log) ?? null;
  if (chain?.devRoutes) await app.register(chain.devRoutes);
  let cashier: SandboxCashier | null = null;
  if (sandboxAllowed) {
    cashier = createSandboxCashier({
      secret: config.SANDBOX_PAY_SECRET,
      clock: rt.clock,
      db: rt.database.db,
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
  // The test mock recharge (spec 2 §2, §7) exists in development only, whichever provider is
  // configured: in production its path is simply unknown (404).
  if (config.NODE_ENV !== 'production') {
    await app.register(mockRechargeDevRoutes(service, deps.authenticate), { prefix: '/api' });
  }
  const module = {
    service,
    /** The adapters in the order they serve channels (the console asks them about stuck orders). */
    providers: providers as readonly PaymentProvider[],
    cashier,
    /** USDT deposits: the poller (and the sandbox chain outside production); null when off. */
    crypto: crypto && chain ? { ...crypto, poller: chain.poller } : null,
    /**
     * The scheduled job: expire pending orders, let the sandbox deliver held notifications, then
     * look for USDT deposits (a chain node that is down fails this job's run only, after the rest).
     */
    async tick() {
      await service.expireOrders();
      await cashier?.deliverDue();
      await chain?.poller.poll();
    },
  };
  app.decorate('payments', module);
  return module;
}

export type PaymentsModule = Awaited<ReturnType<typeof registerPayments>>;
