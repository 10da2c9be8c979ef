import {
  ADMIN_CATALOGUE_PATHS,
  CATALOGUE_SEARCH_PERMISSIONS,
  catalogueSearchQuery,
  catalogueSearchResponse,
  itemPriceSetRequest,
  itemPriceSetResponse,
} from '@kaixiang/shared/admin-catalogue';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** admin/v1/catalogue/*: schema in, schema out, call the service (STYLE.md §1). */
export function catalogueRoutes(
  catalogue: CatalogueService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ADMIN_CATALOGUE_PATHS.search,
      {
        // The picker serves the staff who make prizes: official rooms, treasures, shop and wishes.
        preValidation: requirePermission(authenticate, CATALOGUE_SEARCH_PERMISSIONS),
        schema: {
          tags: ['admin'],
          querystring: catalogueSearchQuery,
          response: { 200: envelopeOf(catalogueSearchResponse) },
        },
      },
      async (req) => ok(await catalogue.search(req.query, requestLocale(req))),
    );
    app.post(
      ADMIN_CATALOGUE_PATHS.priceSet,
      {
        preValidation: requirePermission(authenticate, 'catalogue.manage'),
        schema: {
          tags: ['admin'],
          body: itemPriceSetRequest,
          response: { 200: envelopeOf(itemPriceSetResponse) },
        },
      },
      async (req) => ok(await catalogue.setPrice(actorOf(req), req.body, requestLocale(req))),
    );
  };
}
