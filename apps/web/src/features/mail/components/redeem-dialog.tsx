import { REDEEM_CODE_MAX_LENGTH } from '@kaixiang/shared/mail';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useRedeemCode } from '../api/redeem.ts';
import './mail.css';

/**
 * The redemption dialog (spec 1 §2): a code and a redeem button. The reward arrives as a mail, so
 * success says so and goes to the mail page (spec 1 §4, §8).
 */
export function RedeemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const redeem = useRedeemCode();

  function close() {
    setCode('');
    onClose();
  }

  function submit() {
    const key = code.trim();
    if (!key) {
      toast.warning(t('mail.redeem.empty'));
      return;
    }
    if (redeem.isPending) return;
    redeem.mutate(key, {
      onSuccess: () => {
        toast.success(t('mail.redeem.success'));
        close();
        navigate(PATHS.mail);
      },
    });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={t('mail.redeem.title')}
      footer={
        <button type="button" className="button button--primary" disabled={redeem.isPending} onClick={submit}>
          {t('mail.redeem.submit')}
        </button>
      }
    >
      <div className="redeem">
        <input
          className="redeem__input"
          autoComplete="off"
          maxLength={REDEEM_CODE_MAX_LENGTH}
          aria-label={t('mail.redeem.label')}
          placeholder={t('mail.redeem.placeholder')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
        <p className="redeem__note">{t('mail.redeem.note')}</p>
      </div>
    </Dialog>
  );
}
