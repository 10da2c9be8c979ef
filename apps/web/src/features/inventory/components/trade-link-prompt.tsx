import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { useUserDetail } from '../../accounts/api/user-detail.ts';
import { TradeLinkField } from '../../accounts/components/profile/trade-link-field.tsx';

/**
 * Retrieval needs a Steam trade link (spec 1 §5: 'You did not fill in the transaction link'). The
 * player binds it here, with the personal centre's own field, and then carries on.
 */
export function TradeLinkPrompt({
  open,
  onClose,
  onContinue,
}: {
  open: boolean;
  onClose: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const link = useUserDetail().data?.steam_link ?? '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('inventory.tradeLink.title')}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={!link} onClick={onContinue}>
            {t('inventory.tradeLink.continue')}
          </button>
        </>
      }
    >
      <div className="inv-trade-link">
        <p className="inv-trade-link__warning" role="alert">
          {t('inventory.tradeLink.missing')}
        </p>
        <p>{t('inventory.tradeLink.hint')}</p>
        <TradeLinkField current={link} />
      </div>
    </Dialog>
  );
}
