import { formatUnits } from '@kaixiang/shared/money';
import type { SignInDay } from '@kaixiang/shared/sign-in';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconCheck } from '../../../components/icons.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useSignIn, useSignInInfo } from '../api/sign-in.ts';

/**
 * The daily sign-in (每日签到): the current 7-day cycle with each day's reward, the streak, the
 * player's points and the button. The server decides everything (the day in China time, the
 * streak, the reward); this shows what it answered.
 */
export function SignInPanel() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  if (!loggedIn) {
    return (
      <section className="panel sign-in" aria-label={t('activity.signIn.title')}>
        <EmptyState
          compact
          title={t('activity.signIn.loginTitle')}
          action={
            <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
              {t('activity.signIn.login')}
            </button>
          }
        />
      </section>
    );
  }
  return <SignedInPanel />;
}

function SignedInPanel() {
  const { t } = useTranslation();
  const info = useSignInInfo();
  const signIn = useSignIn();

  if (info.isPending) return <PageSpinner />;
  if (!info.data) {
    return (
      <section className="panel sign-in">
        <EmptyState
          compact
          title={t('activity.signIn.failed')}
          action={
            <button type="button" className="button button--ghost" onClick={() => void info.refetch()}>
              {t('activity.centre.retry')}
            </button>
          }
        />
      </section>
    );
  }
  const d = info.data;

  async function sign() {
    try {
      const done = await signIn.mutateAsync();
      toast.success(t('activity.signIn.done', { day: done.cycle_day }));
    } catch {
      // The API client showed the server's message (signed in already, in another tab).
    }
  }

  const nextDay = d.cycle_day >= d.days.length ? 1 : d.cycle_day + 1;
  return (
    <section className="panel sign-in" aria-label={t('activity.signIn.title')}>
      <header className="sign-in__head">
        <div>
          <h2>{t('activity.signIn.title')}</h2>
          <p className="sign-in__streak" data-testid="sign-in-streak">
            {t('activity.signIn.streak', { count: d.streak })}
          </p>
        </div>
        <div className="sign-in__points">
          <span>{t('activity.signIn.myPoints')}</span>
          <strong data-testid="sign-in-points">{d.points}</strong>
          <Link to={PATHS.userinfoPoints}>{t('activity.signIn.history')}</Link>
        </div>
        <div className="sign-in__action">
          <button
            type="button"
            className="button button--primary button--lg"
            disabled={d.signed_today || signIn.isPending}
            onClick={() => void sign()}
          >
            {d.signed_today ? t('activity.signIn.signed') : t('activity.signIn.button')}
          </button>
          {d.signed_today && <small>{t('activity.signIn.next', { n: nextDay })}</small>}
        </div>
      </header>
      <ol className="sign-in__days">
        {d.days.map((day) => (
          <DayCell key={day.day} day={day} big={day.day === d.days.length} />
        ))}
      </ol>
    </section>
  );
}

function DayCell({ day, big }: { day: SignInDay; big: boolean }) {
  const { t } = useTranslation();
  return (
    <li
      className={`sign-in__day is-${day.state}${big ? ' is-big' : ''}`}
      data-testid="sign-in-day"
      aria-current={day.state === 'today' ? 'date' : undefined}
    >
      <span className="sign-in__day-label">
        {t('activity.signIn.day', { n: day.day })}
        {big && <em>{t('activity.signIn.big')}</em>}
      </span>
      <span className="sign-in__rewards">
        {day.points > 0 && <span>{t('activity.signIn.points', { n: day.points })}</span>}
        {day.coins > 0 && <span>{t('activity.signIn.coins', { amount: formatUnits(day.coins) })}</span>}
        {day.bag_count > 0 && <span>{t('activity.signIn.bags', { name: day.bag_name, n: day.bag_count })}</span>}
      </span>
      {day.state === 'signed' && (
        <span className="sign-in__check" role="img" aria-label={t('activity.signIn.signed')}>
          <IconCheck size={16} />
        </span>
      )}
    </li>
  );
}
