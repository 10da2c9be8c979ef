import type { CatalogueSearchQuery, CatalogueSearchResponse } from '@kaixiang/shared/admin-catalogue';
import { wearGradesFor } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import type { Db } from '../../db/client.ts';
import { pick } from '../site/site.service.ts';
import { catalogueRepo } from './catalogue.repo.ts';
import { prizePriceUnits } from './prize-price.ts';

/**
 * The admins' catalogue search (house prizes: treasures, official roll rooms). Each wear grade an
 * item exists in is priced by `prizePriceUnits`, as mail.resolveItems prices the item a treasure or
 * a mail then makes: what the picker shows is what the prize will be worth.
 */
export function createCatalogueService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async search(q: CatalogueSearchQuery, locale: Locale): Promise<CatalogueSearchResponse> {
      const { rows, total } = await catalogueRepo.search(db, q.keyword, q.page_size, (q.page - 1) * q.page_size);
      return {
        list: rows.map((r) => ({
          item_id: r.id,
          name: pick({ zhCn: r.nameZhCn, zhTw: r.nameZhTw, en: r.nameEn }, locale),
          img: r.image,
          quality: r.quality,
          wears: wearGradesFor(r.wearMin, r.wearMax).map((exter) => ({ exter, price: prizePriceUnits(r, exter) })),
        })),
        total,
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
