import { useTranslation } from 'react-i18next';
import { IconBag } from '../../../components/icons.tsx';
import { InventorySection } from './inventory-section.tsx';

/** /userinfo/inventory: the inventory on its own page. */
export function InventoryPage() {
  const { t } = useTranslation();
  return (
    <div className="page personal-center">
      <header className="page-head">
        <span className="page-head__icon">
          <IconBag size={26} />
        </span>
        <div>
          <h1>{t('inventory.page.title')}</h1>
          <p>{t('inventory.page.subtitle')}</p>
        </div>
      </header>
      <InventorySection />
    </div>
  );
}
