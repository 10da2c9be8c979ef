import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { toast } from '../../../../lib/toast.ts';
import { useAvatarList, useChangeAvatar } from '../../api/user-settings.ts';

/** The avatar picker: the server's list (get_user_avatar_list); a click changes it. */
export function AvatarDialog({ open, current, onClose }: { open: boolean; current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useAvatarList(open);
  const change = useChangeAvatar();
  return (
    <Dialog open={open} onClose={onClose} title={t('profile.avatarTitle')} className="avatar-dialog">
      {list.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : !list.data?.list.length ? (
        <EmptyState compact title={t('profile.noAvatars')} />
      ) : (
        <div className="avatar-grid">
          {list.data.list.map((a) => (
            <button
              key={a.id}
              type="button"
              className={`avatar-grid__item ${a.url === current ? 'is-active' : ''}`}
              aria-pressed={a.url === current}
              aria-label={`${t('profile.changeAvatar')} ${a.id}`}
              disabled={change.isPending}
              onClick={() =>
                change.mutate(a.id, {
                  onSuccess: () => {
                    toast.success(t('profile.avatarChanged'));
                    onClose();
                  },
                })
              }
            >
              <img src={a.url} alt="" />
            </button>
          ))}
        </div>
      )}
    </Dialog>
  );
}
