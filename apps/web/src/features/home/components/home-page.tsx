import { useTranslation } from 'react-i18next';
import { IconBox } from '../../../components/icons.tsx';
import { useBoxList } from '../../boxes/api/get-box-list.ts';
import { BoxCatalog } from '../../boxes/components/box-catalog.tsx';
import { useActivities } from '../api/get-activities.ts';
import { ActivityList } from './activity-list.tsx';
import { BannerCarousel } from './banner-carousel.tsx';

export function HomePage() {
  const { t } = useTranslation();
  const catalogue = useBoxList();
  // Fetched with the page, shown once the catalogue above has its size: the activities then do
  // not appear under a loading catalogue and get pushed down the screen when it fills (a layout
  // shift the visitor sees).
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
      {!catalogue.isPending && <ActivityList />}
    </div>
  );
}
