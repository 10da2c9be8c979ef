import { ok } from '@kaixiang/shared/envelope';
import {
  UPGRADE_PATHS,
  upgradeCategoriesResponse,
  upgradeHistoryResponse,
  upgradeItemHistoryRequest,
  upgradeListRequest,
  upgradeListResponse,
  upgradeRatesResponse,
  upgradeRequest,
  upgradeResponse,
  userUpgradeHistoryResponse,
} from '@kaixiang/shared/upgrade';
import { pageQuery } from '@kaixiang/shared/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { UpgradeService } from './upgrade.service.ts';

/** goods/v1/upgrade/*: schema in, schema out, call the service (STYLE.md §1). Browsing needs no login. */
export function upgradeRoutes(
  upgrade: UpgradeService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['upgrade'];
    const auth = { preHandler: authenticate };
    app.get(
      UPGRADE_PATHS.categories,
      { schema: { tags, response: { 200: envelopeOf(upgradeCategoriesResponse) } } },
      async (req) => ok(await upgrade.categories(requestLocale(req))),
    );
    app.get(UPGRADE_PATHS.rates, { schema: { tags, response: { 200: envelopeOf(upgradeRatesResponse) } } }, async () =>
      ok(await upgrade.rates()),
    );
    app.post(
      UPGRADE_PATHS.list,
      { schema: { tags, body: upgradeListRequest, response: { 200: envelopeOf(upgradeListResponse) } } },
      async (req) => ok(await upgrade.list(req.body, requestLocale(req))),
    );
    app.post(
      UPGRADE_PATHS.itemHistory,
      { schema: { tags, body: upgradeItemHistoryRequest, response: { 200: envelopeOf(upgradeHistoryResponse) } } },
      async (req) => ok(await upgrade.itemHistory(req.body, requestLocale(req))),
    );
    app.post(
      UPGRADE_PATHS.upgrade,
      { ...auth, schema: { tags, body: upgradeRequest, response: { 200: envelopeOf(upgradeResponse) } } },
      async (req) => ok(await upgrade.upgrade(authOf(req).userId, req.body, requestLocale(req))),
    );
    app.get(
      UPGRADE_PATHS.userHistory,
      { ...auth, schema: { tags, querystring: pageQuery, response: { 200: envelopeOf(userUpgradeHistoryResponse) } } },
      async (req) => ok(await upgrade.userHistory(authOf(req).userId, req.query, requestLocale(req))),
    );
  };
}
