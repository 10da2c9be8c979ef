import { useTranslation } from 'react-i18next';
import { IconBox } from '../../../components/icons.tsx';
import { BoxCatalog } from '../../boxes/components/box-catalog.tsx';
import { ActivityList } from './activity-list.tsx';
import { BannerCarousel } from './banner-carousel.tsx';

export function HomePage() {
  const { t } = useTranslation();
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
      <ActivityList />
    </div>
  );
}
