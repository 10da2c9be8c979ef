import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { signOut } from '../../../../lib/session.ts';
import { PasswordResetForm } from '../password-reset-form.tsx';

/**
 * Spec 2 §4: on success the dialog closes and the player is signed out — the server has ended
 * every session of the account, this one included.
 */
export function ChangePasswordDialog({ open, phone, onClose }: { open: boolean; phone: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('profile.changePassword')} size="sm" className="auth-dialog">
      {open && (
        <PasswordResetForm
          initialPhone={phone}
          onCancel={onClose}
          onDone={() => {
            onClose();
            signOut();
          }}
        />
      )}
    </Dialog>
  );
}
