import { ROLL_STATE, type RollRoomInfo } from '@kaixiang/shared/roll';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { sessionUserId, useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useBindOwnerInvite } from '../api/get-roll.ts';
import { rollDetailsPath } from '../paths.ts';

/**
 * A room only the owner's invitees may join (`owner_invite_code` is set for those only). The owner
 * gets their code and a link to the room that carries it (`?invite=`: a newcomer who registers from
 * it is their invitee); a player with no inviter yet may bind the code here and join; a player bound
 * to somebody else is told why they cannot. Nothing once the room has closed.
 */
export function InviteBox({ room }: { room: RollRoomInfo }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const bind = useBindOwnerInvite();
  const code = room.owner_invite_code;
  if (!code || room.state !== ROLL_STATE.open) return null;
  const copied = { ok: t('common.copySuccess'), failed: t('common.copyFail') };

  if (loggedIn && Number(sessionUserId()) === room.owner.user_id) {
    const link = `${window.location.origin}${rollDetailsPath(room.room_id)}&invite=${encodeURIComponent(code)}`;
    return (
      <section className="roll-invite" aria-label={t('roll.invite.title')}>
        <h2>{t('roll.invite.title')}</h2>
        <p>{t('roll.invite.ownerHint')}</p>
        <div className="roll-invite__row">
          <span>{t('roll.invite.code')}</span>
          <code>{code}</code>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => void copyWithToast(code, copied)}
          >
            {t('roll.invite.copyCode')}
          </button>
        </div>
        <div className="roll-invite__row">
          <span>{t('roll.invite.link')}</span>
          <code className="roll-invite__link">{link}</code>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => void copyWithToast(link, copied)}
          >
            {t('roll.invite.copyLink')}
          </button>
        </div>
      </section>
    );
  }
  if (!loggedIn) return <p className="roll-invite roll-invite--note">{t('roll.invite.visitorHint', { code })}</p>;
  const self = room.self;
  if (!self || self.invited) return null;
  if (self.has_inviter) return <p className="roll-invite roll-invite--note">{t('roll.invite.otherInviter')}</p>;
  return (
    <section className="roll-invite" aria-label={t('roll.invite.title')}>
      <p>{t('roll.invite.bindHint', { code })}</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={bind.isPending}
        onClick={() => bind.mutate(code, { onSuccess: () => toast.success(t('roll.invite.bound')) })}
      >
        {t('roll.invite.bind')}
      </button>
    </section>
  );
}
