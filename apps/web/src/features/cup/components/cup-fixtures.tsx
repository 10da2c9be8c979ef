import { CUP_PICKS, type CupFixture, type CupPick } from '@kaixiang/shared/cup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { groupThousands } from '../../../i18n/formats.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { expectedPayout, usePredict } from '../api/cup.ts';
import { dayKey, Flag, oddsText, usePickText, useTimeText } from './cup-bits.tsx';

/** The fixtures by day (the reader's calendar), in kick-off order as the server lists them. */
export function CupFixtures({ fixtures }: { fixtures: readonly CupFixture[] }) {
  const { t } = useTranslation();
  const time = useTimeText();
  if (fixtures.length === 0) return <EmptyState compact title={t('cup.fixtures.empty')} />;
  const days: { key: string; at: number; list: CupFixture[] }[] = [];
  for (const f of [...fixtures].sort((a, b) => a.kickoff_at - b.kickoff_at || a.id - b.id)) {
    const key = dayKey(f.kickoff_at);
    const last = days.at(-1);
    if (last?.key === key) last.list.push(f);
    else days.push({ key, at: f.kickoff_at, list: [f] });
  }
  return (
    <div className="cup-days">
      {days.map((d) => (
        <section key={d.key} className="cup-day">
          <h3 className="cup-day__title">{time.day(d.at)}</h3>
          <ul className="cup-fixtures">
            {d.list.map((f) => (
              <FixtureCard key={f.id} fixture={f} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function picksOf(f: CupFixture): CupPick[] {
  // A fixture that cannot end level takes no draw: the choice is not offered.
  return CUP_PICKS.filter((p) => p !== 'draw' || f.odds.draw !== null);
}

function oddsOf(f: CupFixture, pick: CupPick): number {
  return (pick === 'draw' ? f.odds.draw : f.odds[pick]) ?? 0;
}

function FixtureCard({ fixture: f }: { fixture: CupFixture }) {
  const { t } = useTranslation();
  const time = useTimeText();
  const pickText = usePickText();
  const loggedIn = useLoggedIn();
  const [pick, setPick] = useState<CupPick | null>(null);
  const open = f.state === 'open' && f.mine === null;
  const choose = (p: CupPick) => {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    setPick((was) => (was === p ? null : p));
  };
  return (
    <li className={`cup-fixture cup-fixture--${f.state}`} data-testid={`cup-fixture-${f.id}`}>
      <div className="cup-fixture__meta">
        {f.stage && <span className="cup-fixture__stage">{f.stage}</span>}
        <span>{t('cup.fixtures.kickoff', { time: time.clock(f.kickoff_at) })}</span>
        <span className={`cup-fixture__state cup-fixture__state--${f.state}`}>
          {t(`cup.fixtures.state.${f.state}`)}
        </span>
      </div>
      <div className="cup-fixture__teams">
        <span className="cup-team cup-team--home">
          <Flag flag={f.home.flag} name={f.home.name} />
          <strong>{f.home.name}</strong>
        </span>
        <span className="cup-fixture__vs">{t('cup.fixtures.vs')}</span>
        <span className="cup-team cup-team--away">
          <strong>{f.away.name}</strong>
          <Flag flag={f.away.flag} name={f.away.name} />
        </span>
      </div>
      <fieldset className="cup-odds" aria-label={t('cup.predict.label')}>
        {picksOf(f).map((p) => (
          <button
            key={p}
            type="button"
            className={`cup-odds__pick ${pick === p || f.mine?.pick === p ? 'is-picked' : ''} ${
              f.result === p ? 'is-result' : ''
            }`}
            aria-pressed={pick === p}
            disabled={!open}
            onClick={() => choose(p)}
          >
            <span>{t(`cup.pick.${p}`)}</span>
            <strong>{oddsText(oddsOf(f, p))}</strong>
            {f.state !== 'open' && (
              <small className="cup-odds__count">{t('cup.fixtures.picks', { count: f.picks[p] })}</small>
            )}
          </button>
        ))}
      </fieldset>
      {f.state === 'settled' && f.result && f.result !== 'void' && (
        <p className="cup-fixture__result">{t('cup.fixtures.result', { result: pickText(f.result) })}</p>
      )}
      {(f.state === 'void' || f.result === 'void') && <p className="cup-fixture__result">{t('cup.fixtures.void')}</p>}
      {f.mine && (
        <p className={`cup-mine cup-mine--${f.mine.status}`} data-testid="cup-my-pick">
          <span>
            {t('cup.mine.pick', {
              pick: pickText(f.mine.pick),
              stake: groupThousands(f.mine.stake),
              odds: oddsText(f.mine.odds_bp),
            })}
          </span>
          <strong>{t(`cup.mine.status.${f.mine.status}`, { payout: groupThousands(f.mine.payout) })}</strong>
        </p>
      )}
      {open && !loggedIn && (
        <button type="button" className="link-button cup-fixture__signin" onClick={() => openLoginDialog()}>
          {t('cup.predict.signIn')}
        </button>
      )}
      {open && pick && <PredictForm fixture={f} pick={pick} onDone={() => setPick(null)} />}
    </li>
  );
}

function PredictForm({ fixture: f, pick, onDone }: { fixture: CupFixture; pick: CupPick; onDone: () => void }) {
  const { t } = useTranslation();
  const predict = usePredict();
  const once = useSingleFlight();
  const [text, setText] = useState('');
  const stake = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const valid = Number.isSafeInteger(stake) && stake >= 1 && stake <= f.max_stake;
  const odds = oddsOf(f, pick);
  async function confirm() {
    if (!valid) return;
    // A refusal (kicked off, already predicted, not enough points) is shown in the server's words.
    const answer = await once(() => predict.mutateAsync({ fixtureId: f.id, pick, stake }));
    if (answer) {
      toast.success(t('cup.predict.done'));
      onDone();
    }
  }
  return (
    <form
      className="cup-predict"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <label className="cup-predict__stake">
        <span>{t('cup.predict.stake')}</span>
        <input
          className="input"
          inputMode="numeric"
          value={text}
          placeholder={t('cup.predict.max', { max: groupThousands(f.max_stake) })}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <p className="cup-predict__payout" data-testid="cup-payout">
        {valid
          ? t('cup.predict.payout', { value: groupThousands(expectedPayout(stake, odds)) })
          : text.trim()
            ? t('cup.predict.invalid', { max: groupThousands(f.max_stake) })
            : t('cup.predict.max', { max: groupThousands(f.max_stake) })}
      </p>
      <button type="submit" className="button button--primary button--sm" disabled={!valid || predict.isPending}>
        {t('cup.predict.confirm')}
      </button>
    </form>
  );
}
