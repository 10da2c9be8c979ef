import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  AlipayMark,
  QqMark,
  UnionPayMark,
  UsdtMark,
  WechatMark,
  WechatPayMark,
} from '../../../components/brand-marks.tsx';
import { groupThousands } from '../../../i18n/formats.ts';
import { helpPath, PATHS } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useGroupInfo } from '../api/get-group-info.ts';
import { useHostInfo } from '../api/get-host-info.ts';
import { footerTotals, useStatistics } from '../api/get-statistics.ts';

/** The footer is hidden on any path containing /activity (spec 1 §2). */
export function footerVisible(pathname: string): boolean {
  return !pathname.includes('/activity');
}

const HELP_LINKS = [
  { page: 'qustion', key: 'footer.links.faq' },
  { page: 'newbie', key: 'footer.links.newbie' },
  { page: 'bindCourse', key: 'footer.links.terms' },
  { page: 'condition', key: 'footer.links.agreement' },
  { page: 'privacyPolicy', key: 'footer.links.privacy' },
  { page: 'AntiMoneyLaundering', key: 'footer.links.usdt' },
] as const;

export function SiteFooter() {
  const { pathname } = useLocation();
  if (!footerVisible(pathname)) return null;
  return <FooterContent isHome={pathname === PATHS.home} />;
}

function FooterContent({ isHome }: { isHome: boolean }) {
  const { t } = useTranslation();
  const host = useHostInfo();
  const group = useGroupInfo();
  return (
    <footer className="site-footer">
      {isHome && <FooterTotals />}
      <div className="site-footer__main">
        <div className="site-footer__brand">
          <p className="site-footer__logo">{t('common.brand')}</p>
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
          <ul className="site-footer__payments" aria-label={t('footer.payments')}>
            <li title={t('footer.pay.alipay')} aria-label={t('footer.pay.alipay')}>
              <AlipayMark />
            </li>
            <li title={t('footer.pay.wechat')} aria-label={t('footer.pay.wechat')}>
              <WechatPayMark />
            </li>
            <li title={t('footer.pay.unionpay')} aria-label={t('footer.pay.unionpay')}>
              <UnionPayMark />
            </li>
            <li title={t('footer.pay.usdt')} aria-label={t('footer.pay.usdt')}>
              <UsdtMark />
            </li>
          </ul>
        </div>
        <nav className="site-footer__links" aria-label={t('footer.help')}>
          <p className="site-footer__heading">{t('footer.help')}</p>
          {HELP_LINKS.map((l) => (
            <Link key={l.page} to={helpPath(l.page)}>
              {t(l.key)}
            </Link>
          ))}
          {host.data?.show_about_us && <Link to={helpPath('AboutUs')}>{t('footer.links.about')}</Link>}
        </nav>
        <nav className="site-footer__links" aria-label={t('footer.account')}>
          <p className="site-footer__heading">{t('footer.account')}</p>
          <Link to={PATHS.userinfo}>{t('footer.links.userinfo')}</Link>
          <Link to={PATHS.fairness}>{t('footer.links.fairness')}</Link>
          <Link to={helpPath('tradeHelp')}>{t('footer.links.tradeHelp')}</Link>
          <Link to={helpPath('tradeLink')}>{t('footer.links.tradeLink')}</Link>
        </nav>
        <div className="site-footer__social">
          <p className="site-footer__heading">{t('footer.follow')}</p>
          <div className="site-footer__social-row">
            {group.data?.qq && (
              <button
                type="button"
                className="social-button"
                aria-label={t('footer.qqGroup', { qq: group.data.qq })}
                title={t('footer.qqGroup', { qq: group.data.qq })}
                onClick={() =>
                  navigator.clipboard.writeText(group.data.qq).then(
                    () => toast.success(t('common.copySuccess')),
                    () => toast.error(t('common.copyFail')),
                  )
                }
              >
                <QqMark />
              </button>
            )}
            {group.data?.contact_img && (
              <button type="button" className="social-button social-button--qr" aria-label={t('footer.wechat')}>
                <WechatMark />
                <span className="social-button__qr" role="tooltip">
                  <img src={group.data.contact_img} alt={t('side.contactQr')} loading="lazy" />
                </span>
              </button>
            )}
          </div>
        </div>
      </div>
      <div className="site-footer__legal">
        <p className="site-footer__statement">{t('footer.statement')}</p>
        {(host.data?.icp || host.data?.police_filing) && (
          <p className="site-footer__filing">
            {host.data.icp && <span>{host.data.icp}</span>}
            {host.data.police_filing && <span>{host.data.police_filing}</span>}
          </p>
        )}
        <p className="site-footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

function FooterTotals() {
  const { t } = useTranslation();
  const stats = useStatistics();
  if (!stats.data) return null;
  const totals = footerTotals(stats.data);
  const items = [
    { key: 'users', label: t('footer.totals.users'), value: totals.users },
    { key: 'boxes', label: t('footer.totals.boxes'), value: totals.boxesOpened },
    { key: 'battles', label: t('footer.totals.battles'), value: totals.battles },
    { key: 'upgrades', label: t('footer.totals.upgrades'), value: totals.upgrades },
  ];
  return (
    <dl className="footer-totals">
      {items.map((i) => (
        <div key={i.key} className="footer-totals__item" data-testid={`total-${i.key}`}>
          <dt>{i.label}</dt>
          <dd>{groupThousands(i.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
