import { checkIdentity, chinaDay, type IdentityType } from '@kaixiang/shared/id-card';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { toast } from '../../../../lib/toast.ts';
import { useVerifyIdentity } from '../../api/user-settings.ts';
import { useFieldError } from '../../hooks/use-field-error.ts';
import { useSubmitLock } from '../../hooks/use-submit-lock.ts';
import { TextField } from '../auth-fields.tsx';

const TYPES: readonly IdentityType[] = [1, 2, 3, 4];

/**
 * Spec 2 §2 dialog 4 and §5: real name, ID number and its kind. The shared rules answer at once
 * (the server applies the same ones, plus the 5-accounts limit); one submission per 3 s.
 */
export function IdentityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const { tryLock } = useSubmitLock();
  const verify = useVerifyIdentity();
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [type, setType] = useState<IdentityType>(1);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || !id.trim()) return void showError('IDENTITY_REQUIRED');
    if (showError(checkIdentity(id, type, chinaDay(Date.now())))) return;
    if (!tryLock()) return;
    verify.mutate(
      { realname: name.trim(), identification: id.trim(), type },
      {
        onSuccess: () => {
          toast.success(t('profile.identitySuccess'));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('profile.identity')} size="sm" className="auth-dialog">
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField label={t('profile.realName')} value={name} maxLength={40} onChange={setName} />
        <div className="auth-field">
          <select
            className="auth-field__input auth-field__select"
            aria-label={t('profile.idType')}
            value={type}
            onChange={(e) => setType(Number(e.target.value) as IdentityType)}
          >
            {TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`profile.idType${v}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t('profile.idNumber')} value={id} maxLength={30} onChange={setId} />
        <p className="auth-form__note">{t('profile.identityNote')}</p>
        <button
          type="submit"
          className="button button--primary button--lg auth-form__submit"
          disabled={verify.isPending}
        >
          {t('profile.submit')}
        </button>
      </form>
    </Dialog>
  );
}
