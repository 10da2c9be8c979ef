import type { BoxCard as BoxCardData } from '@kaixiang/shared/boxes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { boxPath } from '../../../lib/paths.ts';
import { BoxImage } from './box-image.tsx';

export function BoxCard({ box }: { box: BoxCardData }) {
  const { t } = useTranslation();
  return (
    <Link to={boxPath(box.box_id)} className="box-card" aria-label={t('boxes.openBox', { name: box.name })}>
      <span className="box-card__glow" aria-hidden="true" />
      <BoxImage src={box.img} backup={box.fallback_img} alt="" className="box-card__img" />
      <span className="box-card__name">{box.name}</span>
      <Price units={box.price} className="box-card__price" />
    </Link>
  );
}
