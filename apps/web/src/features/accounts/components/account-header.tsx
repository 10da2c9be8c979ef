import { formatUnits } from '@kaixiang/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import {
  IconActivity,
  IconBag,
  IconBox,
  IconCoin,
  IconDocument,
  IconKey,
  IconLogout,
  IconMail,
  IconMall,
  IconShield,
  IconTrophy,
  IconUser,
  IconUsers,
} from '../../../components/icons.tsx';
import { LazyDialog } from '../../../components/lazy-dialog.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewMailCount } from '../../mail/api/new-mail-count.ts';
import { CommandDialogHost } from '../../vip/components/command-dialog-host.tsx';
import { logout } from '../api/sign-in.ts';
import { userDetailQueryOptions, useUserDetail } from '../api/user-detail.ts';
import { useLiveBalance } from '../hooks/use-live-balance.ts';

// The header's dialogs load when first opened: the recharge dialog alone brings the payment
// contract and the QR encoder, and most page views open none of them.
const RechargeDialog = lazy(() =>
  import('../../recharge/components/recharge-dialog.tsx').then((m) => ({ default: m.RechargeDialog })),
);
const RedeemDialog = lazy(() =>
  import('../../mail/components/redeem-dialog.tsx').then((m) => ({ default: m.RedeemDialog })),
);
const PickupRankingDialog = lazy(() =>
  import('../../promotion/components/pickup-ranking-dialog.tsx').then((m) => ({ default: m.PickupRankingDialog })),
);
const ExchangeDialog = lazy(() =>
  import('../../wallet/components/exchange-dialog.tsx').then((m) => ({ default: m.ExchangeDialog })),
);

/**
 * The signed-in right side of the header (spec 1 §2). The balances follow the server's
 * money_modify pushes, the mail dot the new-mail count and its `new_mail` push.
 */
export function AccountHeader() {
  const { t } = useTranslation();
  const user = useUserDetail().data;
  const [menuOpen, setMenuOpen] = useState(false);
  const [exchangeOpen, setExchangeOpen] = useState(false);
  const [rechargeOpen, setRechargeOpen] = useState(false);
  const [redeemOpen, setRedeemOpen] = useState(false);
  const [rankingOpen, setRankingOpen] = useState(false);
  const newMail = useNewMailCount();
  const queryClient = useQueryClient();
  useLiveBalance();
  // A page's "recharge" button (the first-charge free box, say) opens this header's dialog.
  useEffect(() => {
    const onOpen = () => setRechargeOpen(true);
    window.addEventListener(APP_EVENTS.openRecharge, onOpen);
    return () => window.removeEventListener(APP_EVENTS.openRecharge, onOpen);
  }, []);
  const name = user?.nick_name ?? '';

  return (
    <div className="account-header">
      <div className="wallet">
        <span className="wallet__line" title={t('account.balance')}>
          <IconCoin size={16} className="wallet__coin" />
          <span className="wallet__amount" data-testid="header-balance">
            {user ? formatUnits(user.money) : '—'}
          </span>
        </span>
        <span className="wallet__line wallet__line--quota" title={t('account.mallQuota')}>
          <span className="wallet__label">{t('account.mallQuota')}</span>
          <span className="wallet__amount" data-testid="header-quota">
            {user ? formatUnits(user.mall_quota) : '—'}
          </span>
          <button type="button" className="chip-button" disabled={!user} onClick={() => setExchangeOpen(true)}>
            {t('account.exchange')}
          </button>
        </span>
      </div>
      <button type="button" className="button button--primary button--sm" onClick={() => setRechargeOpen(true)}>
        {t('account.recharge')}
      </button>
      <Link
        to={PATHS.inventory}
        className="icon-button"
        aria-label={t('account.inventory')}
        title={t('account.inventory')}
      >
        <IconBag size={18} />
      </Link>
      <Link
        to={PATHS.mail}
        className="icon-button mail-link"
        aria-label={newMail > 0 ? `${t('account.mail')} · ${t('mail.newMail')}` : t('account.mail')}
        title={t('account.mail')}
      >
        <IconMail size={18} />
        {newMail > 0 && <span className="mail-link__dot" data-testid="mail-dot" />}
      </Link>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover is a shortcut; the trigger button opens it too */}
      <div
        className="user-menu"
        onMouseEnter={() => setMenuOpen(true)}
        onMouseLeave={() => setMenuOpen(false)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setMenuOpen(false);
        }}
      >
        <Link to={PATHS.inventory} className="user-menu__avatar" aria-label={t('header.personalCenter')}>
          <Avatar src={user?.avatar ?? ''} name={name || '?'} size={36} />
        </Link>
        <button
          type="button"
          className="user-menu__trigger"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-label={t('account.menu')}
          onClick={() => setMenuOpen((v) => !v)}
        >
          {/* A long name is cut with an ellipsis (accounts.css); the title shows all of it. */}
          <span className="user-menu__name" title={name}>
            {name}
          </span>
          {user && <VipBadge level={user.vip_level} />}
        </button>
        {menuOpen && (
          <div className="user-menu__pop" role="menu" aria-label={t('account.menu')}>
            {/* The player's points (the `point` currency): its line opens the points history. */}
            <Link
              role="menuitem"
              to={PATHS.userinfoPoints}
              className="user-menu__points"
              onClick={() => setMenuOpen(false)}
            >
              <IconTrophy size={16} />
              {t('account.points')}
              <strong data-testid="header-points">{user ? user.score_point : '—'}</strong>
            </Link>
            {(
              [
                [PATHS.inventory, IconUser, t('account.basicInfo')],
                [PATHS.unpack, IconBox, t('account.unpack')],
                [PATHS.extension, IconUsers, t('account.extension')],
                [PATHS.accountRecord, IconDocument, t('wallet.record.menu')],
                [PATHS.userinfoRecharge, IconCoin, t('pages.userinfoRecharge.title')],
                [PATHS.pointsShop, IconMall, t('pointsShop.menu')],
                [PATHS.userinfoBag, IconActivity, t('bags.menu')],
                [PATHS.userinfoRedPacket, IconMail, t('pages.userinfoRedPacket.title')],
                [PATHS.userinfoProtection, IconShield, t('protection.menu')],
              ] as const
            ).map(([to, Icon, label]) => (
              <Link key={to} role="menuitem" to={to} onClick={() => setMenuOpen(false)}>
                <Icon size={16} />
                {label}
              </Link>
            ))}
            {(
              [
                ['redeem', IconKey, t('mail.redeem.open'), () => setRedeemOpen(true)],
                ['ranking', IconTrophy, t('promotion.ranking.title'), () => setRankingOpen(true)],
                ['logout', IconLogout, t('header.logout'), () => void logout()],
              ] as const
            ).map(([key, Icon, label, act]) => (
              <button
                key={key}
                type="button"
                role="menuitem"
                onClick={() => {
                  setMenuOpen(false);
                  act();
                }}
              >
                <Icon size={16} />
                {label}
              </button>
            ))}
          </div>
        )}
      </div>
      <LazyDialog open={rechargeOpen}>
        <RechargeDialog open={rechargeOpen} onClose={() => setRechargeOpen(false)} />
      </LazyDialog>
      <LazyDialog open={redeemOpen}>
        <RedeemDialog open={redeemOpen} onClose={() => setRedeemOpen(false)} />
      </LazyDialog>
      {rankingOpen && (
        <LazyDialog open>
          <PickupRankingDialog open onClose={() => setRankingOpen(false)} />
        </LazyDialog>
      )}
      {/* The side panel's command entry opens it; only a signed-in player gets that far (spec 1 §4). */}
      <CommandDialogHost />
      <LazyDialog open={exchangeOpen}>
        <ExchangeDialog
          open={exchangeOpen}
          onClose={() => setExchangeOpen(false)}
          quotaUnits={user?.mall_quota ?? 0}
          onExchanged={(balances) => {
            queryClient.setQueryData(userDetailQueryOptions.queryKey, (u) => (u ? { ...u, ...balances } : u));
            void queryClient.invalidateQueries({ queryKey: userDetailQueryOptions.queryKey });
          }}
        />
      </LazyDialog>
    </div>
  );
}
