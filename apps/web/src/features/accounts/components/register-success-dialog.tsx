import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useGroupInfo } from '../../site/api/get-group-info.ts';

/** Anchor of the trade link field in the basic-info card. */
export const TRADE_LINK_ANCHOR = 'trade-link';

/**
 * Spec 2 §2 dialog 2: after registering, bind the trade link for a free box, and the official
 * group with its QR and a copy button.
 */
export function RegisterSuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = useGroupInfo().data;

  return (
    <Dialog open={open} onClose={onClose} title={t('welcome.title')} size="sm" className="welcome-dialog">
      <div className="welcome">
        <p className="welcome__lead">{t('welcome.bindForBox')}</p>
        <button
          type="button"
          className="button button--primary button--lg"
          onClick={() => {
            onClose();
            navigate(`${PATHS.inventory}#${TRADE_LINK_ANCHOR}`);
          }}
        >
          {t('welcome.bindNow')}
        </button>
        {group?.qq && (
          <div className="welcome__group">
            {group.qq_img && <img className="welcome__qr" src={group.qq_img} alt={t('side.groupQr')} />}
            <div>
              <p>{t('welcome.joinGroup')}</p>
              <p className="welcome__number">{group.qq}</p>
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  void copyWithToast(group.qq, {
                    ok: t('welcome.copyGroupSuccess'),
                    failed: t('welcome.copyGroupFail'),
                  })
                }
              >
                {t('welcome.copyGroup')}
              </button>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
