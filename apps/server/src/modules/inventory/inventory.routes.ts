import { OK_CODE_ZERO, ok } from '@kaixiang/shared/envelope';
import {
  convertRequest,
  ITEM_PATHS,
  idsRequest,
  knapsackRequest,
  knapsackResponse,
  moneyActionResponse,
  retrieveResponse,
  sellRequest,
  warehouseLogRequest,
  warehouseLogResponse,
} from '@kaixiang/shared/inventory';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { InventoryModule } from './inventory.module.ts';

/** goods/v1/item/*: schema in, schema out, call the service (STYLE.md §1). All need a login. */
export function inventoryRoutes(
  inventory: InventoryModule,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  const { items, trade } = inventory;
  return async (app) => {
    const tags = ['inventory'];
    const auth = { preHandler: authenticate };
    app.addHook('onClose', async () => inventory.close());

    app.post(
      ITEM_PATHS.knapsack,
      { ...auth, schema: { tags, body: knapsackRequest, response: { 200: envelopeOf(knapsackResponse) } } },
      async (req) => ok(await items.knapsack(authOf(req).userId, req.body, requestLocale(req))),
    );
    app.post(
      ITEM_PATHS.warehouseLog,
      { ...auth, schema: { tags, body: warehouseLogRequest, response: { 200: envelopeOf(warehouseLogResponse) } } },
      async (req) => ok(await items.warehouseLog(authOf(req).userId, req.body, requestLocale(req))),
    );
    // The one item call whose success is code 0 (spec 1 §7).
    app.post(
      ITEM_PATHS.sell,
      { ...auth, schema: { tags, body: sellRequest, response: { 200: envelopeOf(moneyActionResponse) } } },
      async (req) => {
        const ids = Array.isArray(req.body._id) ? req.body._id : [req.body._id];
        return { code: OK_CODE_ZERO, data: await items.sellItems(authOf(req).userId, ids), msg: '' };
      },
    );
    app.post(
      ITEM_PATHS.convert,
      { ...auth, schema: { tags, body: convertRequest, response: { 200: envelopeOf(moneyActionResponse) } } },
      async (req) => ok(await items.convert(authOf(req).userId, req.body.ids)),
    );
    app.post(
      ITEM_PATHS.recycle,
      { ...auth, schema: { tags, body: idsRequest, response: { 200: envelopeOf(moneyActionResponse) } } },
      async (req) => ok(await items.recycleItems(authOf(req).userId, req.body.ids)),
    );
    app.post(
      ITEM_PATHS.retrieve,
      { ...auth, schema: { tags, body: idsRequest, response: { 200: envelopeOf(retrieveResponse) } } },
      async (req) => ok(await trade.retrieve(authOf(req).userId, req.body.ids)),
    );
  };
}
