import { lazy, Suspense } from 'react';
import { matchPath, useLocation } from 'react-router';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { BOXES_PATH, ITEM_PRICES_PATH, NEW_BOX_PATH } from './box-paths.ts';
import { boxesTexts } from './boxes-texts.ts';
import './boxes.css';

// As the Players screen: the pages load behind a boundary of their own, so the section shows at
// once while their code and schemas arrive.
const BoxPage = lazy(() => import('./box-page.tsx').then((m) => ({ default: m.BoxPage })));
const BoxListPage = lazy(() => import('./box-list.tsx').then((m) => ({ default: m.BoxListPage })));
const NewBoxPage = lazy(() => import('./new-box-page.tsx').then((m) => ({ default: m.NewBoxPage })));
const ItemPricesPage = lazy(() => import('./item-prices-page.tsx').then((m) => ({ default: m.ItemPricesPage })));

const loading = (
  <div className="adm-screen adm-screen--loading">
    <Spinner />
  </div>
);

/**
 * The Boxes section (catalogue.manage): the list at /admin/boxes, one box at /admin/boxes/:id, a
 * new box at /admin/boxes/new, item prices at /admin/boxes/prices.
 */
export default function BoxesScreen() {
  const { pathname } = useLocation();
  const match = matchPath({ path: `${BOXES_PATH}/:id` }, pathname);
  const boxId = match ? Number(match.params.id) : null;
  return (
    <FeatureTextsGate texts={boxesTexts} fallback={loading}>
      <Suspense fallback={loading}>
        {pathname === NEW_BOX_PATH ? (
          <NewBoxPage />
        ) : pathname === ITEM_PRICES_PATH ? (
          <ItemPricesPage />
        ) : boxId !== null && Number.isSafeInteger(boxId) && boxId > 0 ? (
          <BoxPage key={boxId} boxId={boxId} />
        ) : (
          <BoxListPage />
        )}
      </Suspense>
    </FeatureTextsGate>
  );
}
