import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/fallback-image.tsx';
import { IconChevronLeft, IconChevronRight } from '../../../components/icons.tsx';
import { useBanners } from '../api/get-banners.ts';
import { BannerArt } from './banner-art.tsx';

export const BANNER_ROTATE_MS = 6000;

/** The home page's banner carousel: auto-advances, pauses on hover, arrows and dots. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { data: banners = [], isPending } = useBanners();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (isPending) return <div className="banner banner--loading" aria-busy="true" />;
  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const active = index % count;

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div className="banner__track" style={{ transform: `translateX(-${active * 100}%)` }}>
        {banners.map((b, i) => {
          const inner = (
            <>
              <FallbackImage
                src={b.img}
                className="banner__img"
                priority={i === 0}
                fallback={<BannerArt seed={i} className="banner__art" />}
              />
              <span className="banner__caption">{b.title}</span>
            </>
          );
          const props = {
            className: 'banner__slide',
            'aria-hidden': i !== active,
            tabIndex: i === active ? 0 : -1,
            'aria-label': b.title,
          };
          return b.link.includes('http') ? (
            <a key={b.id} href={b.link} target="_blank" rel="noopener noreferrer" {...props}>
              {inner}
            </a>
          ) : (
            <Link key={b.id} to={b.link || '/'} {...props}>
              {inner}
            </Link>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="banner__arrow banner__arrow--prev"
            aria-label={t('home.prev')}
            onClick={() => go(-1)}
          >
            <IconChevronLeft size={22} />
          </button>
          <button
            type="button"
            className="banner__arrow banner__arrow--next"
            aria-label={t('home.next')}
            onClick={() => go(1)}
          >
            <IconChevronRight size={22} />
          </button>
          <div className="banner__dots">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={`banner__dot ${i === active ? 'is-active' : ''}`}
                aria-label={t('home.slide', { n: i + 1 })}
                aria-current={i === active}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
