import { lazy, Suspense } from 'react';
import { matchPath, useLocation } from 'react-router';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { CHANNELS_PATH, PAYMENTS_PATH, USDT_PATH } from './payments-paths.ts';
import { paymentsTexts } from './payments-texts.ts';
import './payments.css';

// As the other screens: the pages load behind a boundary of their own, so the section shows at once.
const OrdersPage = lazy(() => import('./orders-page.tsx').then((m) => ({ default: m.OrdersPage })));
const OrderPage = lazy(() => import('./order-page.tsx').then((m) => ({ default: m.OrderPage })));
const ChannelsPage = lazy(() => import('./channels-page.tsx').then((m) => ({ default: m.ChannelsPage })));
const UsdtPage = lazy(() => import('./usdt-page.tsx').then((m) => ({ default: m.UsdtPage })));

const loading = (
  <div className="adm-screen adm-screen--loading">
    <Spinner />
  </div>
);

function Page() {
  const { pathname } = useLocation();
  if (pathname === CHANNELS_PATH) return <ChannelsPage />;
  if (pathname === USDT_PATH) return <UsdtPage />;
  const order = matchPath({ path: `${PAYMENTS_PATH}/orders/:sn` }, pathname);
  const sn = order?.params.sn;
  if (sn) return <OrderPage key={sn} orderSn={sn} />;
  return <OrdersPage />;
}

/**
 * The Payments section (payments.manage): orders at /admin/payments, one order at
 * /admin/payments/orders/:sn, channels at /admin/payments/channels, USDT deposits at /admin/payments/usdt.
 */
export default function PaymentsScreen() {
  return (
    <FeatureTextsGate texts={paymentsTexts} fallback={loading}>
      <Suspense fallback={loading}>
        <Page />
      </Suspense>
    </FeatureTextsGate>
  );
}
