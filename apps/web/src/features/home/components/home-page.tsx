import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconBox } from '../../../components/icons.tsx';
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
        <div className="panel">
          <EmptyState title={t('home.noBoxes')} hint={t('home.noBoxesHint')} />
        </div>
      </section>
      <ActivityList />
    </div>
  );
}
