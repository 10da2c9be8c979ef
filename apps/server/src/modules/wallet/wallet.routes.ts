import { ok } from '@kaixiang/shared/envelope';
import { warehouseLogResponse } from '@kaixiang/shared/inventory';
import {
  accountChangesQuery,
  accountChangesResponse,
  exchangeRequest,
  exchangeResponse,
  mallBuyRecordsResponse,
  mallBuyRequest,
  mallBuyResponse,
  mallItemsResponse,
  pageQuery,
  WALLET_PATHS,
} from '@kaixiang/shared/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { MallService } from './mall.service.ts';
import type { WalletService } from './wallet.service.ts';

/**
 * usercenter/v1/user/get-account-change-record, usercenter/v1/mall/* and goods/v1/mall/*: schema
 * in, schema out, call the service (STYLE.md §1).
 */
export function walletRoutes(
  wallet: WalletService,
  mall: MallService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: authenticate };
    const walletTags = ['wallet'];
    const mallTags = ['mall'];

    app.get(
      WALLET_PATHS.accountChanges,
      {
        ...auth,
        schema: {
          tags: walletTags,
          querystring: accountChangesQuery,
          response: { 200: envelopeOf(accountChangesResponse) },
        },
      },
      async (req) => ok(await wallet.accountChanges(authOf(req).userId, req.query)),
    );
    app.post(
      WALLET_PATHS.exchange,
      { ...auth, schema: { tags: walletTags, body: exchangeRequest, response: { 200: envelopeOf(exchangeResponse) } } },
      async (req) => ok(await wallet.exchange(authOf(req).userId, req.body)),
    );
    app.get(
      WALLET_PATHS.quotaLog,
      {
        ...auth,
        schema: { tags: walletTags, querystring: pageQuery, response: { 200: envelopeOf(accountChangesResponse) } },
      },
      async (req) => ok(await wallet.accountChanges(authOf(req).userId, { ...req.query, currency: 'quota' })),
    );

    app.get(
      WALLET_PATHS.mallItems,
      { schema: { tags: mallTags, response: { 200: envelopeOf(mallItemsResponse) } } },
      async (req) => ok(await mall.list(requestLocale(req))),
    );
    // The spec names the purchase under both prefixes; they are one operation.
    for (const path of [WALLET_PATHS.mallBuy, WALLET_PATHS.userBuy]) {
      app.post(
        path,
        { ...auth, schema: { tags: mallTags, body: mallBuyRequest, response: { 200: envelopeOf(mallBuyResponse) } } },
        async (req) => ok(await mall.buy(authOf(req).userId, req.body)),
      );
    }
    app.get(
      WALLET_PATHS.mallBuyRecords,
      {
        ...auth,
        schema: { tags: mallTags, querystring: pageQuery, response: { 200: envelopeOf(mallBuyRecordsResponse) } },
      },
      async (req) => ok(await mall.orders(authOf(req).userId, req.query, requestLocale(req))),
    );
    app.get(
      WALLET_PATHS.mallRetrieveRecord,
      {
        ...auth,
        schema: { tags: mallTags, querystring: pageQuery, response: { 200: envelopeOf(warehouseLogResponse) } },
      },
      async (req) => ok(await mall.retrievals(authOf(req).userId, req.query, requestLocale(req))),
    );
  };
}
