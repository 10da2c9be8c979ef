import type { UserDetail } from '@kaixiang/shared/accounts';
import { checkNickName } from '@kaixiang/shared/validation';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../../../components/avatar.tsx';
import { IconCopy } from '../../../../components/icons.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { VipBadge } from '../../../../components/vip-badge.tsx';
import { copyWithToast } from '../../../../lib/clipboard.ts';
import { PATHS } from '../../../../lib/paths.ts';
import { toast } from '../../../../lib/toast.ts';
import { useUserDetail } from '../../api/user-detail.ts';
import { useBindInvite, useChangeNickName, useSmsSwitch } from '../../api/user-settings.ts';
import { useFieldError } from '../../hooks/use-field-error.ts';
import { LIMITS, limitNickName } from '../auth-fields.tsx';
import { TRADE_LINK_ANCHOR } from '../register-success-dialog.tsx';
import { AvatarDialog } from './avatar-dialog.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { DestroyAccountDialog } from './destroy-account-dialog.tsx';
import { IdentityDialog } from './identity-dialog.tsx';
import { TradeLinkField } from './trade-link-field.tsx';

type Open = null | 'avatar' | 'password' | 'identity' | 'destroy';

/** 138****8000: enough to recognise one's own number, not enough to read someone else's. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The basic-info section of /personalCenter/inventory and /userinfo (spec 1 §2, issue 3). */
export function BasicInfoCard() {
  const { t } = useTranslation();
  const user = useUserDetail();
  const [open, setOpen] = useState<Open>(null);
  const { hash } = useLocation();

  // Arriving from the registration-success dialog: bring the trade link field into view.
  useEffect(() => {
    if (hash === `#${TRADE_LINK_ANCHOR}` && user.data) {
      const field = document.getElementById(TRADE_LINK_ANCHOR);
      field?.scrollIntoView?.({ block: 'center' });
      field?.querySelector('input')?.focus();
    }
  }, [hash, user.data]);

  if (!user.data) {
    return (
      <section className="panel profile center-block">
        <Spinner />
      </section>
    );
  }
  const u = user.data;
  const close = () => setOpen(null);
  return (
    <section className="panel profile" aria-label={t('profile.title')}>
      <header className="profile__head">
        <button
          type="button"
          className="profile__avatar"
          onClick={() => setOpen('avatar')}
          aria-label={t('profile.changeAvatar')}
        >
          <Avatar src={u.avatar} name={u.nick_name} size={72} />
          <span>{t('profile.changeAvatar')}</span>
        </button>
        <div className="profile__who">
          <NickName user={u} />
          <p className="profile__meta">
            <VipBadge level={u.vip_level} />
            <span>{t('profile.userId', { id: u.user_id })}</span>
            <span>{t('profile.joined', { date: new Date(u.created_at).toLocaleDateString() })}</span>
          </p>
        </div>
      </header>
      <dl className="profile__rows">
        <Row label={t('profile.points')}>
          <strong className="profile__points" data-testid="profile-points">
            {u.score_point}
          </strong>
          <Link to={PATHS.userinfoPoints} className="button button--ghost button--sm">
            {t('profile.pointsHistory')}
          </Link>
        </Row>
        <Row label={t('profile.mobile')}>{u.mobile ? maskMobile(u.mobile) : t('profile.notBound')}</Row>
        <Row label={t('profile.email')}>{u.email || t('profile.notBound')}</Row>
        <Row label={t('profile.steam')}>{u.steam_id ? t('profile.bound') : t('profile.notBound')}</Row>
        <Row label={t('profile.password')}>
          <button type="button" className="button button--ghost button--sm" onClick={() => setOpen('password')}>
            {t('profile.changePassword')}
          </button>
        </Row>
        <Row label={t('profile.tradeLink')}>
          <TradeLinkField current={u.steam_link} />
        </Row>
        <Row label={t('profile.identity')}>
          {u.identity_verified ? (
            <span className="profile__ok">
              {t('profile.verified')} {u.real_name}
            </span>
          ) : (
            <button type="button" className="button button--ghost button--sm" onClick={() => setOpen('identity')}>
              {t('profile.verify')}
            </button>
          )}
        </Row>
        <Row label={t('profile.smsSwitch')}>
          <SmsSwitch on={u.receipt_sms} />
        </Row>
        <Row label={t('profile.inviteCode')}>
          <span className="profile__code">{u.super_invite_code}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('profile.copy')}
            onClick={() =>
              void copyWithToast(u.super_invite_code, { ok: t('common.copySuccess'), failed: t('common.copyFail') })
            }
          >
            <IconCopy size={16} />
          </button>
        </Row>
        <Row label={t('profile.inviter')}>
          {u.invite_user_id ? <span className="profile__ok">{t('profile.inviterBound')}</span> : <BindInvite />}
        </Row>
        <Row label={t('profile.destroy')}>
          <button
            type="button"
            className="button button--ghost button--sm profile__danger"
            disabled={!u.mobile}
            onClick={() => setOpen('destroy')}
          >
            {t('profile.destroy')}
          </button>
          <span className="profile__hint">{t('profile.destroyHint')}</span>
        </Row>
      </dl>
      <AvatarDialog open={open === 'avatar'} current={u.avatar} onClose={close} />
      <ChangePasswordDialog open={open === 'password'} phone={u.mobile} onClose={close} />
      <IdentityDialog open={open === 'identity'} onClose={close} />
      {open === 'destroy' && <DestroyAccountDialog open phone={u.mobile} onClose={close} />}
    </section>
  );
}

function NickName({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const change = useChangeNickName();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <h2 className="profile__name">
        {user.nick_name}
        <button type="button" className="link-button" onClick={() => setDraft(user.nick_name)}>
          {t('profile.edit')}
        </button>
      </h2>
    );
  }
  const save = () => {
    if (showError(checkNickName(draft))) return;
    change.mutate(draft, {
      onSuccess: () => {
        toast.success(t('profile.nickChanged'));
        setDraft(null);
      },
    });
  };
  return (
    <div className="profile__name-edit">
      <div className="auth-field">
        <input
          className="auth-field__input"
          aria-label={t('profile.nickName')}
          value={draft}
          onChange={(e) => setDraft(limitNickName(e.target.value))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
          }}
        />
      </div>
      <button type="button" className="button button--primary button--sm" disabled={change.isPending} onClick={save}>
        {t('profile.save')}
      </button>
      <button type="button" className="button button--ghost button--sm" onClick={() => setDraft(null)}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

function SmsSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const change = useSmsSwitch();
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={t('profile.smsSwitch')}
        className={`switch ${on ? 'is-on' : ''}`}
        disabled={change.isPending}
        onClick={() => change.mutate(!on, { onSuccess: () => toast.success(t('profile.saved')) })}
      >
        <span className="switch__knob" />
      </button>
      <span className="profile__hint">{t('profile.smsSwitchHint')}</span>
    </>
  );
}

function BindInvite() {
  const { t } = useTranslation();
  const bind = useBindInvite();
  const [code, setCode] = useState('');
  const submit = () => {
    if (!code.trim()) return void toast.warning(t('profile.inviteRequired'));
    bind.mutate(code.trim(), { onSuccess: () => toast.success(t('profile.inviteBound')) });
  };
  return (
    <div className="profile__inline">
      <div className="auth-field">
        <input
          className="auth-field__input"
          aria-label={t('profile.invitePlaceholder')}
          placeholder={t('profile.invitePlaceholder')}
          value={code}
          maxLength={LIMITS.invite}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="button" className="button button--ghost button--sm" disabled={bind.isPending} onClick={submit}>
        {t('profile.bindInvite')}
      </button>
    </div>
  );
}
