import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { BEACON_PATHS } from '@kaixiang/shared/beacon';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installCompression } from './http/compression.ts';
import { apiNotFound, frameworkError, installErrorHandler } from './http/error-handler.ts';
import { installNulGuard } from './http/nul-guard.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installSignatureCheck } from './http/signature.ts';
import { installWebApp, runtimeConfigScript } from './http/web-app.ts';
import { ACCOUNTS_CONTROL_ROOM, SIGNED_OUT_EVENT } from './modules/accounts/accounts.deps.ts';
import { createAccountsModule } from './modules/accounts/accounts.module.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { userRoutes } from './modules/accounts/user.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { registerBoxesAdmin } from './modules/admin/boxes/boxes-admin.module.ts';
import { createConsoleAuth } from './modules/admin/console-auth.ts';
import { registerContentAdmin } from './modules/admin/content/content.module.ts';
import { registerDashboardAdmin } from './modules/admin/dashboard/dashboard.module.ts';
import { createGameSettingsReader, defaultGameSettings } from './modules/admin/games/game-settings.ts';
import { registerGamesAdmin } from './modules/admin/games/games-admin.module.ts';
import { registerPaymentsAdmin } from './modules/admin/payments/payments-admin.module.ts';
import { registerPlayersAdmin } from './modules/admin/players/players.module.ts';
import { registerRetrievalsAdmin } from './modules/admin/retrievals/retrievals.module.ts';
import { bagsAdminRoutes } from './modules/bags/bags.admin-routes.ts';
import { bagsDevRoutes } from './modules/bags/bags.dev-routes.ts';
import { grantRechargeBags } from './modules/bags/bags.grants.ts';
import { createBagsModule } from './modules/bags/bags.module.ts';
import { bagsRoutes } from './modules/bags/bags.routes.ts';
import { registerBoards } from './modules/boards/boards.module.ts';
import { boxArtRoutes } from './modules/boxes/box-art.routes.ts';
import { boxesRoutes } from './modules/boxes/boxes.routes.ts';
import { createBoxesService } from './modules/boxes/boxes.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { loadCatalogue } from './modules/catalogue/catalogue.seed.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { couponsDevRoutes } from './modules/coupons/coupons.dev-routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { registerCup } from './modules/cup/cup.module.ts';
import type { SteamSessionProvider } from './modules/delivery/steam/steam-session.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { outboxRoutes } from './modules/dev/outbox.routes.ts';
import { steamSandboxRoutes } from './modules/dev/steam-sandbox.routes.ts';
import { registerEnergy } from './modules/energy/energy.module.ts';
import { createWatchPresence, registerGames } from './modules/games/games.module.ts';
import { unpaidRechargeBlocker } from './modules/inventory/inventory.hooks.ts';
import { createInventoryModule } from './modules/inventory/inventory.module.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { tradeBotDevRoutes } from './modules/inventory/trade-bot.dev-routes.ts';
import { ledgerDevRoutes } from './modules/ledger/ledger.dev-routes.ts';
import { createLedger } from './modules/ledger/ledger.ts';
import { createLuckyAdmin } from './modules/lucky/lucky.admin.ts';
import { luckyDevRoutes } from './modules/lucky/lucky.dev-routes.ts';
import { luckyRoutes } from './modules/lucky/lucky.routes.ts';
import { createLuckyService } from './modules/lucky/lucky.service.ts';
import { createLuckyWindows } from './modules/lucky/lucky-windows.ts';
import { mailDevRoutes } from './modules/mail/mail.dev-routes.ts';
import { createMailModule } from './modules/mail/mail.module.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { registerPayments } from './modules/payments/payments.module.ts';
import { NOTIFY_PATH_PREFIX } from './modules/payments/payments.routes.ts';
import { registerPointsShop } from './modules/points-shop/points-shop.module.ts';
import { onRecharge } from './modules/promotion/invite.service.ts';
import { createPromotionModule } from './modules/promotion/promotion.module.ts';
import { promotionRoutes } from './modules/promotion/promotion.routes.ts';
import { historyExportRoutes } from './modules/protection/history-export.routes.ts';
import { protectionRoutes } from './modules/protection/protection.routes.ts';
import { createProtectionService } from './modules/protection/protection.service.ts';
import { registerRain } from './modules/rain/rain.module.ts';
import { signInAdminRoutes } from './modules/sign-in/sign-in.admin-routes.ts';
import { createSignInModule } from './modules/sign-in/sign-in.module.ts';
import { signInRoutes } from './modules/sign-in/sign-in.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { tasksAdminRoutes } from './modules/tasks/tasks.admin-routes.ts';
import { createTasksModule } from './modules/tasks/tasks.module.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { registerTransparency } from './modules/transparency/transparency.module.ts';
import { upgradeRoutes } from './modules/upgrade/upgrade.routes.ts';
import { createUpgradeService } from './modules/upgrade/upgrade.service.ts';
import { vipModule } from './modules/vip/vip.module.ts';
import { vipRechargeBonusOf } from './modules/vip/vip.service.ts';
import { walletModule } from './modules/wallet/wallet.module.ts';
import { registerWishingWell } from './modules/wishing-well/wishing-well.module.ts';
import { installSocket } from './realtime/socket-hub.ts';
import { socketOriginCheck } from './realtime/socket-origin.ts';
import type { Runtime } from './runtime.ts';

/** The beacon's GETs, signature-exempt (modules/games/beacon.routes.ts). */
const BEACON_READS = new Set(Object.values(BEACON_PATHS).map((p) => `/api${p}`));

/** Max websocket frame a client may send; every client frame is a few hundred bytes at most. */
const SOCKET_MAX_PAYLOAD = 16 * 1024;

/** Builds the HTTP + socket app on a runtime. Listening is the caller's business. */
export async function buildApp(
  rt: Runtime,
  opts: {
    /** Replaces steam-user's login of the Steam bots (TRADE_BOT=steam): tests give the fake Steam's sessions. */
    steamSession?: SteamSessionProvider;
  } = {},
): Promise<FastifyInstance> {
  const { config } = rt;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Only the listed proxies may set the client address and protocol (config.ts trustProxyVar).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A malformed URL (bad percent-encoding, an overlong path parameter) is refused before
    // routing; without this Fastify answers its own JSON instead of our envelope.
    frameworkErrors: frameworkError,
  });
  // First, so every answer carries them: pages, API, assets, tools, errors and 404s.
  installSecurityHeaders(app, {
    inlineScripts: [runtimeConfigScript({ signKey: config.SIGN_SECRET, env: config.NODE_ENV })],
    imageOrigins: [new URL(loadCatalogue().imageBaseUrl).origin],
    publicOrigin: config.PUBLIC_ORIGIN,
    devPages: config.NODE_ENV !== 'production',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    rt.metrics.httpDuration
      .labels(req.method, req.routeOptions.url ?? 'unmatched', String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
  });

  installErrorHandler(app);
  installNulGuard(app);
  // Before any route: the plugin attaches itself to each route as it is declared.
  await installCompression(app);
  installSignatureCheck(app, {
    secret: config.SIGN_SECRET,
    windowMs: config.SIGN_WINDOW_MS,
    nonces: rt.nonces,
    deferred: rt.deferredNonces,
    now: () => rt.clock.now(),
    // The OpenID provider redirects the browser here; the assertion is verified by OpenID instead.
    // Payment providers sign their notifications their own way (modules/payments verifies it).
    // The public beacon's reads are plain links a player follows to check a room's public seed.
    exempt: (path) =>
      path === `/api${ACCOUNT_PATHS.steamCallback}` || path.startsWith(NOTIFY_PATH_PREFIX) || BEACON_READS.has(path),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kaixiang API',
        version: '1',
        description:
          'Every /api call must be signed (x-ts, x-nonce, x-sign: see docs/platform.md "Request signature"). Responses use the envelope {code, data, msg}.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = {};
    await rt.database.ping().then(
      () => (checks.database = 'ok'),
      (e: Error) => (checks.database = e.message),
    );
    if (rt.redis) {
      await rt.redis.ping().then(
        () => (checks.redis = 'ok'),
        (e: Error) => (checks.redis = e.message),
      );
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.type(rt.metrics.registry.contentType);
    return rt.metrics.registry.metrics();
  });

  await app.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD } });
  // Watchers of each game room across processes (a battle's watchCnt).
  const presence = createWatchPresence(rt.bus, rt.clock);
  const hub = installSocket(app, {
    bus: rt.bus,
    // The session is checked too: a revoked login, a banned or closed account cannot LOGIN.
    verifyToken: async (token) => {
      const r = await accounts.checkToken(token);
      return r.ok ? { userId: r.auth.userId } : null;
    },
    idleTimeoutMs: config.SOCKET_IDLE_TIMEOUT_MS,
    clock: rt.clock,
    metrics: { connections: rt.metrics.socketConnections },
    // Only the site's own pages (and loopback outside production); see realtime/socket-origin.ts.
    allowOrigin: socketOriginCheck(config),
    onRoomSize: presence.local,
  });
  // Password change, ban and account closure end the user's sockets on every process.
  const unsubscribe = rt.bus.subscribe((msg) => {
    if (msg.room !== ACCOUNTS_CONTROL_ROOM || msg.type !== SIGNED_OUT_EVENT) return;
    const userId = (msg.data as { user_id?: unknown }).user_id;
    if (typeof userId === 'number') hub.disconnectUser(userId);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await hub.close();
    presence.close();
  });

  // Before any admin route: requirePermission finds the console's sign-in here.
  const consoleAuth = createConsoleAuth({ db: rt.database.db, clock: rt.clock, totpKey: config.STAFF_TOTP_KEY });
  app.decorate('consoleAuth', consoleAuth);
  const site = createSiteService({ db: rt.database.db, bus: rt.bus, clock: rt.clock });
  await app.register(siteRoutes(site), { prefix: '/api' });
  // Player protection (issue 24 §2): the ledger checks stakes itself; payments, accounts, mail and
  // the promotions ask this service.
  const protection = createProtectionService({
    db: rt.database.db,
    transaction: (fn) => rt.transaction(fn),
    clock: rt.clock,
  });
  app.decorate('protection', protection);
  const accounts = await createAccountsModule(rt, {
    onIdentityVerified: (tx, userId, idHash, now) => protection.inheritExclusion(tx, userId, idHash, now),
    sandboxPost: async (url, form) => {
      const res = await app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      return { status: res.statusCode, text: res.body };
    },
  });
  app.addHook('onClose', async () => accounts.deps.sessionCache.close());
  await app.register(accountsRoutes(accounts, { publicOrigin: config.PUBLIC_ORIGIN }), { prefix: '/api' });
  await app.register(userRoutes(accounts), { prefix: '/api' });
  await app.register(historyExportRoutes({ db: rt.database.db, clock: rt.clock }, accounts.authenticate), {
    prefix: '/api',
  });
  await app.register(protectionRoutes(protection, accounts.authenticate), { prefix: '/api' });
  await app.register(mediaRoutes(rt.database.db));
  const ledger = createLedger({ db: rt.database.db, bus: rt.bus, clock: rt.clock, transaction: rt.transaction });
  // Daily tasks: the modules whose actions they count get the ledger through ledgerFor, which tells
  // the tasks who just did what (their notice); progress itself is read from the games' records.
  const tasks = createTasksModule(rt, ledger, app.log);
  app.decorate('tasks', tasks.service);
  app.addHook('onClose', async () => tasks.service.close());
  const luckyWindows = createLuckyWindows({ db: rt.database.db, clock: rt.clock });
  const boxes = createBoxesService({
    db: rt.database.db,
    clock: rt.clock,
    ledger: tasks.ledgerFor(['open_box']),
    site,
    tickerDelayMs: config.BOX_TICKER_DELAY_MS,
    onOpenBatch: (size) => rt.metrics.openBatches.observe(size),
    lucky: luckyWindows,
  });
  await app.register(boxesRoutes(boxes, accounts.authenticate), { prefix: '/api' });
  await app.register(boxArtRoutes(rt.database.db));
  await registerBoxesAdmin(app, rt, { onChange: () => boxes.invalidate(), authenticate: accounts.authenticate });
  // A price change reaches this process's upgrade targets at once (made below; others within their cache's minute).
  const afterPriceChange: (() => void)[] = [];
  const catalogue = createCatalogueService({
    db: rt.database.db,
    clock: rt.clock,
    transaction: (fn) => rt.transaction(fn),
    onPriceChange: () => {
      for (const hook of afterPriceChange) hook();
    },
  });
  await app.register(catalogueRoutes(catalogue, accounts.authenticate), { prefix: '/api' });
  // Lucky bags: mail attachments and recharges give them, so they come before both.
  const bags = createBagsModule(rt, ledger);
  app.decorate('bags', bags.service);
  // Before the games: roll rooms mail their winners.
  const mail = createMailModule(rt, ledger, (userId) => bags.service.publishCount(userId));
  // The operator's game settings (console Games), read by the games through a cached reader.
  const gameSettings = createGameSettingsReader({
    db: rt.database.db,
    clock: rt.clock,
    defaults: defaultGameSettings({
      houseEdgePpm: config.UPGRADE_HOUSE_EDGE_PPM,
      minRatePpm: config.UPGRADE_MIN_RATE_PPM,
      maxRatePpm: config.UPGRADE_MAX_RATE_PPM,
    }),
  });
  // Before the games: a battle room made during a PK power activity is announced by the boards.
  const boards = await registerBoards(app, rt, { ledger, mail: mail.mail, authenticate: accounts.authenticate });
  const games = await registerGames(app, rt, {
    onBattleCreated: (roomId, creatorId) => boards.service.battleCreated(roomId, creatorId),
    ledger: tasks.ledgerFor(['battle', 'turntable_bet']),
    boxes,
    site,
    presence,
    mail: mail.mail,
    authenticate: accounts.authenticate,
    settings: gameSettings,
  });
  await registerGamesAdmin(app, rt, {
    games,
    settings: gameSettings,
    items: boxes.items,
    authenticate: accounts.authenticate,
  });
  await registerRain(app, rt, { games, ledger, authenticate: accounts.authenticate });
  await registerTransparency(app, rt, { games });
  const upgrade = createUpgradeService({
    db: rt.database.db,
    clock: rt.clock,
    ledger,
    site,
    items: boxes.items,
    rules: gameSettings.upgradeRules,
    tickerDelayMs: config.BOX_TICKER_DELAY_MS,
    onRolled: (userId) => tasks.service.touch(userId, ['upgrade']),
  });
  app.decorate('upgrade', upgrade);
  afterPriceChange.push(upgrade.invalidate);
  await app.register(upgradeRoutes(upgrade, accounts.authenticate), { prefix: '/api' });
  await app.register(walletModule(rt, ledger, accounts.authenticate), { prefix: '/api' });
  const vip = vipModule(rt, ledger, accounts.authenticate);
  await app.register(vip.routes, { prefix: '/api' });
  await app.register(vip.adminRoutes, { prefix: '/api' });
  const inventory = createInventoryModule(rt, {
    ledger,
    log: app.log,
    retrievalBlocker: unpaidRechargeBlocker(rt.database.db),
    ...(opts.steamSession ? { steamSession: opts.steamSession } : {}),
  });
  app.decorate('inventory', inventory);
  app.addHook('onClose', async () => inventory.close());
  // Offers pending at the marketplace when the last process stopped are followed again.
  await inventory.resume();
  await app.register(inventoryRoutes(inventory, accounts.authenticate), { prefix: '/api' });
  app.decorate('mail', mail.mail);
  await app.register(mailRoutes(mail.mail, mail.redeem, accounts.authenticate), { prefix: '/api' });
  await app.register(adminRoutes(rt.database.db, accounts.authenticate, consoleAuth), { prefix: '/api' });
  await registerPlayersAdmin(app, rt, {
    ledger,
    sessions: accounts.sessions,
    mail: mail.mail,
    authenticate: accounts.authenticate,
    protectionOf: (userId) => protection.adminView(userId),
  });
  await registerRetrievalsAdmin(app, rt, { inventory, authenticate: accounts.authenticate });
  await registerDashboardAdmin(app, rt, {
    games,
    transparency: app.transparency,
    authenticate: accounts.authenticate,
  });
  await registerContentAdmin(app, rt, { onChange: () => site.invalidate(), authenticate: accounts.authenticate });
  const luckyAdmin = createLuckyAdmin({
    db: rt.database.db,
    clock: rt.clock,
    transaction: rt.transaction,
    onChange: luckyWindows.invalidate,
  });
  const lucky = createLuckyService({ db: rt.database.db, clock: rt.clock });
  await app.register(luckyRoutes(lucky, luckyAdmin, accounts.authenticate), { prefix: '/api' });
  await app.register(bagsRoutes(bags.service, accounts.authenticate), { prefix: '/api' });
  await app.register(bagsAdminRoutes(bags.admin, accounts.authenticate), { prefix: '/api' });
  const signIn = createSignInModule(rt, ledger, (userId) => bags.service.publishCount(userId));
  await app.register(signInRoutes(signIn.service, accounts.authenticate), { prefix: '/api' });
  await app.register(signInAdminRoutes(signIn.admin, accounts.authenticate), { prefix: '/api' });
  await registerEnergy(app, rt, { bags: bags.service, boxes, authenticate: accounts.authenticate });
  await registerPointsShop(app, rt, {
    ledger,
    authenticate: accounts.authenticate,
    onBags: (userId) => bags.service.publishCount(userId),
  });
  await registerWishingWell(app, rt, { ledger, authenticate: accounts.authenticate });
  await registerCup(app, rt, { ledger, authenticate: accounts.authenticate });
  const promotion = createPromotionModule(rt, ledger);
  app.decorate('promotion', promotion);
  await app.register(promotionRoutes(promotion.ranking, promotion.invite, accounts.authenticate), { prefix: '/api' });
  await registerPayments(app, rt, {
    ledger: tasks.ledgerFor(['recharge']),
    authenticate: accounts.authenticate,
    // The inviter's rebate is paid, and the lucky bags the recharge earns are given, in the same
    // transaction as the recharge they come from.
    onPaid: async (lt, paid) => {
      await onRecharge(lt, paid);
      await grantRechargeBags(lt, paid);
    },
    vipBonusBp: vipRechargeBonusOf,
    checkDeposit: (tx, userId, amountUnits, now) => protection.checkDeposit(tx, userId, amountUnits, now),
  });
  await registerPaymentsAdmin(app, rt, { payments: app.payments, authenticate: accounts.authenticate });
  await app.register(tasksRoutes(tasks.service, accounts.authenticate), { prefix: '/api' });
  await app.register(tasksAdminRoutes(tasks.admin, accounts.authenticate), { prefix: '/api' });
  await app.register(couponsRoutes({ db: rt.database.db, clock: rt.clock }, accounts.authenticate), { prefix: '/api' });
  if (config.NODE_ENV !== 'production') {
    await app.register(couponsDevRoutes({ db: rt.database.db, ledger }));
    await app.register(ledgerDevRoutes({ db: rt.database.db, ledger }));
    await app.register(
      luckyDevRoutes({ transaction: (fn) => rt.transaction((tx) => fn(tx, new Date(rt.clock.now()))) }),
    );
    await app.register(tradeBotDevRoutes({ db: rt.database.db, inventory }));
    await app.register(devRoutes({ site, db: rt.database.db }));
    await app.register(mailDevRoutes({ redeem: mail.redeem }));
    await app.register(
      bagsDevRoutes({
        db: rt.database.db,
        clock: rt.clock,
        transaction: (fn) => rt.transaction(fn),
        bags: bags.service,
      }),
    );
    await app.register(outboxRoutes({ db: rt.database.db, clock: rt.clock, users: accounts.users }));
    if (accounts.steamSandbox) {
      await app.register(
        steamSandboxRoutes({ secret: config.TOKEN_SECRET, clock: rt.clock, publicOrigin: config.PUBLIC_ORIGIN }),
      );
    }
  }

  await installWebApp(app, {
    webDist: config.WEB_DIST,
    signKey: config.SIGN_SECRET,
    env: config.NODE_ENV,
    // The home page's largest paint is its first banner (site content, cached per process).
    preloadImages: async (path) => {
      if (path !== '/') return [];
      const first = (await site.banners('zh-CN'))[0];
      return first?.img ? [first.img] : [];
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return apiNotFound(req, reply);
    return reply.status(404).type('text/plain').send('Not Found');
  });
  return app;
}
