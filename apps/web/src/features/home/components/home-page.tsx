import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBox } from '../../../components/icons.tsx';
import { useBoxList } from '../../boxes/api/get-box-list.ts';
import { BoxCatalog } from '../../boxes/components/box-catalog.tsx';
import { useActivities } from '../api/get-activities.ts';
import { ActivityList } from './activity-list.tsx';
import { BannerCarousel } from './banner-carousel.tsx';

export function HomePage() {
  const { t } = useTranslation();
  // The catalogue draws its cards from a deferred copy of the list (box-catalog.tsx); the
  // activities wait for the same copy, so they never show under a catalogue still loading and get
  // pushed down the screen when it fills (a layout shift the visitor sees).
  const boxes = useDeferredValue(useBoxList().data);
  // Fetched with the page, shown with the catalogue.
  useActivities();
  return (
    <div className="page page--home">
      <BannerCarousel />
      <section className="home-section">
        <header className="section-head">
          <h2>
            <IconBox size={22} />
            {t('home.boxes')}
          </h2>
        </header>
        <BoxCatalog />
      </section>
      {boxes !== undefined && <ActivityList />}
    </div>
  );
}
