import { CATALOGUE_SEARCH_PERMISSIONS } from '@kaixiang/shared/admin-catalogue';
import type { PlayerDetail } from '@kaixiang/shared/admin-players';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { useAdminMe } from '../../api/get-me.ts';
import { localDateTime } from '../../format.ts';
import { QueryFallback } from '../query-fallback.tsx';
import { AdjustBalanceDialog, BanDialog, ResetPasswordDialog, SendMailDialog } from './player-actions.tsx';
import { PLAYERS_PATH, playerPath } from './player-paths.ts';
import { PlayerProtection } from './player-protection.tsx';
import { PlayerRecords } from './player-records.tsx';
import { usePlayerDetail } from './players-api.ts';

type OpenDialog = 'ban' | 'unban' | 'reset' | 'adjust' | 'mail' | null;

const when = (ms: number | null) => (ms === null ? '—' : localDateTime(ms));

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="adm-card adm-card--pad" aria-label={title}>
      <h2 className="adm-card__title">{title}</h2>
      <dl className="adm-facts">
        {rows.map(([k, v]) => (
          <div key={k} className="adm-facts__row">
            <dt>{k}</dt>
            <dd>{v === '' ? '—' : v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Sessions({ sessions }: { sessions: PlayerDetail['sessions'] }) {
  const { t } = useTranslation();
  return (
    <section className="adm-card" aria-label={t('adminPlayers.sessions.title')}>
      <h2 className="adm-card__title">{t('adminPlayers.sessions.title')}</h2>
      {sessions.length === 0 ? (
        <EmptyState compact title={t('adminPlayers.sessions.empty')} />
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('adminPlayers.sessions.ip')}</th>
                <th scope="col">{t('adminPlayers.sessions.agent')}</th>
                <th scope="col">{t('adminPlayers.sessions.created')}</th>
                <th scope="col">{t('adminPlayers.sessions.refreshed')}</th>
                <th scope="col">{t('adminPlayers.sessions.expires')}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td className="adm-table__mono">{s.ip}</td>
                  <td className="adm-table__reason">{s.user_agent}</td>
                  <td className="adm-table__time">{localDateTime(s.created_at)}</td>
                  <td className="adm-table__time">{when(s.refreshed_at)}</td>
                  <td className="adm-table__time">{localDateTime(s.expires_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PlayerBody({ userId, detail }: { userId: number; detail: PlayerDetail }) {
  const { t } = useTranslation();
  // The shell has read `me` already (the gate waits for it): this is its cache, not another call.
  const permissions = useAdminMe().data?.permissions ?? [];
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { profile, balances, identity, counts } = detail;
  const banned = profile.banned_at !== null;
  const canManage = permissions.includes('players.manage');
  const canAdjust = permissions.includes('balance.adjust');
  const close = () => setDialog(null);
  return (
    <>
      <header className="adm-screen__head">
        <p>
          <Link to={PLAYERS_PATH}>{t('adminPlayers.back')}</Link>
        </p>
        <h1 className="adm-screen__title">
          {profile.nick_name} <span className="adm-table__muted">#{profile.user_id}</span>
        </h1>
        <p className="adm-screen__sub">
          <span className="adm-tag">{t(`adminPlayers.roles.${profile.role}`, { defaultValue: profile.role })}</span>{' '}
          {banned && (
            <span className="adm-tag adm-tag--danger">
              {t('adminPlayers.bannedSince', { time: localDateTime(profile.banned_at ?? 0) })}
            </span>
          )}{' '}
          {profile.closed_at !== null && <span className="adm-tag">{t('adminPlayers.closed')}</span>}
        </p>
        {(canManage || canAdjust) && (
          <div className="adm-toolbar">
            {canManage && (
              <button
                type="button"
                className="button button--ghost button--sm"
                onClick={() => setDialog(banned ? 'unban' : 'ban')}
              >
                {banned ? t('adminPlayers.actions.unban') : t('adminPlayers.actions.ban')}
              </button>
            )}
            {canManage && (
              <button type="button" className="button button--ghost button--sm" onClick={() => setDialog('reset')}>
                {t('adminPlayers.actions.reset')}
              </button>
            )}
            {canManage && (
              <button type="button" className="button button--ghost button--sm" onClick={() => setDialog('mail')}>
                {t('adminPlayers.actions.mail')}
              </button>
            )}
            {canAdjust && (
              <button type="button" className="button button--ghost button--sm" onClick={() => setDialog('adjust')}>
                {t('adminPlayers.actions.adjust')}
              </button>
            )}
          </div>
        )}
      </header>
      <div className="adm-grid">
        <Facts
          title={t('adminPlayers.profile.title')}
          rows={[
            [t('adminPlayers.profile.mobile'), profile.mobile],
            [t('adminPlayers.profile.email'), profile.email],
            [t('adminPlayers.profile.steamId'), profile.steam_id],
            [t('adminPlayers.profile.tradeLink'), profile.trade_link],
            [t('adminPlayers.profile.inviteCode'), profile.invite_code],
            [
              t('adminPlayers.profile.inviter'),
              profile.inviter ? (
                <Link key="inviter" to={playerPath(profile.inviter.user_id)}>
                  {profile.inviter.nick_name} #{profile.inviter.user_id}
                </Link>
              ) : (
                ''
              ),
            ],
            [t('adminPlayers.profile.vip'), String(profile.vip_level)],
            [t('adminPlayers.profile.created'), localDateTime(profile.created_at)],
            [t('adminPlayers.profile.lastLogin'), when(profile.last_login_at)],
          ]}
        />
        <Facts
          title={t('adminPlayers.identity.title')}
          rows={[
            [
              t('adminPlayers.identity.verified'),
              identity.verified ? t('adminPlayers.identity.yes') : t('adminPlayers.identity.no'),
            ],
            [t('adminPlayers.identity.realName'), identity.real_name],
            [
              t('adminPlayers.identity.type'),
              identity.identity_type === null ? '' : t(`adminPlayers.identity.types.${identity.identity_type}`),
            ],
            [t('adminPlayers.identity.verifiedAt'), when(identity.verified_at)],
          ]}
        />
        <Facts
          title={t('adminPlayers.balances.title')}
          rows={[
            [t('adminPlayers.currency.coin'), <Price key="coin" units={balances.coin} />],
            [t('adminPlayers.currency.quota'), <Price key="quota" units={balances.quota} />],
            [t('adminPlayers.currency.point'), String(balances.point)],
          ]}
        />
        <Facts
          title={t('adminPlayers.counts.title')}
          rows={[
            [t('adminPlayers.counts.recharges'), String(counts.recharges)],
            [t('adminPlayers.counts.recharged'), <Price key="recharged" units={counts.recharged_units} />],
            [t('adminPlayers.counts.openings'), String(counts.openings)],
            [t('adminPlayers.counts.itemsHeld'), String(counts.items_held)],
            [t('adminPlayers.counts.itemsHeldValue'), <Price key="held" units={counts.items_held_units} />],
            [t('adminPlayers.counts.invitees'), String(counts.invitees)],
          ]}
        />
      </div>
      <PlayerProtection protection={detail.protection} />
      <Sessions sessions={detail.sessions} />
      <PlayerRecords userId={userId} />
      {(dialog === 'ban' || dialog === 'unban') && <BanDialog userId={userId} ban={dialog === 'ban'} onClose={close} />}
      {dialog === 'reset' && <ResetPasswordDialog userId={userId} onClose={close} />}
      {dialog === 'adjust' && <AdjustBalanceDialog userId={userId} onClose={close} />}
      {dialog === 'mail' && (
        <SendMailDialog
          userId={userId}
          canAttach={canAdjust}
          canPickItems={CATALOGUE_SEARCH_PERMISSIONS.some((p) => permissions.includes(p))}
          onClose={close}
        />
      )}
    </>
  );
}

/** One player's page: who they are, what they hold, where they are signed in, and what they did. */
export function PlayerPage({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const detail = usePlayerDetail(userId);
  return (
    <section className="adm-screen">
      {detail.data ? (
        <PlayerBody userId={userId} detail={detail.data} />
      ) : (
        <QueryFallback query={detail} failedTitle={t('adminPlayers.loadFailed')} compact={false} />
      )}
    </section>
  );
}
