import type { AdminCupFixture, AdminCupTournament } from '@kaixiang/shared/cup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime } from '../../format.ts';
import { QueryTable } from '../console-form.tsx';
import { oddsText, useCupFixtures, useCupTournaments } from './events-api.ts';
import { localisedOf, nameIn, StateTag, TabToolbar } from './events-bits.tsx';
import { FixtureDialog } from './fixture-dialog.tsx';
import { SettleDialog } from './settle-dialog.tsx';
import { TournamentDialog } from './tournament-dialog.tsx';

/** A team's flag: an image address, or an emoji shown as it is. */
function Flag({ flag }: { flag: string }) {
  if (!flag) return null;
  if (/^(https?:\/\/|\/)/.test(flag)) return <img className="adm-events__flag" src={flag} alt="" />;
  return <span className="adm-events__flag">{flag}</span>;
}

/** One tournament's fixtures: teams, kick-off, odds, stakes and what was paid; create, edit, enter results. */
function Fixtures({ tournament }: { tournament: AdminCupTournament }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fixtures = useCupFixtures(tournament.id);
  const [editing, setEditing] = useState<AdminCupFixture | 'new' | null>(null);
  const [settling, setSettling] = useState<AdminCupFixture | null>(null);
  const points = (n: number) => t('adminEvents.points', { points: n });
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminEvents.cup.fixtures.title', { title: nameIn(localisedOf(tournament, 'title'), locale) })}
        createText={t('adminEvents.cup.fixtures.create')}
        onCreate={() => setEditing('new')}
      />
      <QueryTable
        query={fixtures}
        failedTitle={t('adminEvents.loadFailed')}
        emptyTitle={t('adminEvents.cup.fixtures.empty')}
        columns={[
          t('adminEvents.col.id'),
          t('adminEvents.cup.fixtures.col.stage'),
          t('adminEvents.cup.fixtures.col.match'),
          t('adminEvents.cup.fixtures.col.kickoff'),
          t('adminEvents.cup.fixtures.col.odds'),
          t('adminEvents.cup.fixtures.col.maxStake'),
          t('adminEvents.col.state'),
          t('adminEvents.cup.col.predictions'),
          t('adminEvents.cup.fixtures.col.staked'),
          t('adminEvents.cup.col.paid'),
          t('adminEvents.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((f) => {
            const home = nameIn(localisedOf(f, 'home'), locale);
            const away = nameIn(localisedOf(f, 'away'), locale);
            return (
              <tr key={f.id} className="adm-table__row">
                <td className="adm-table__mono">{f.id}</td>
                <td>{nameIn(localisedOf(f, 'stage'), locale) || '—'}</td>
                <td>
                  <Flag flag={f.home_flag} /> {home} {t('adminEvents.cup.fixtures.vs')} <Flag flag={f.away_flag} />{' '}
                  {away}
                </td>
                <td className="adm-table__time">{localDateTime(f.kickoff_at)}</td>
                <td>
                  {t('adminEvents.cup.fixtures.odds', {
                    home: oddsText(f.odds_home_bp),
                    draw: f.odds_draw_bp === null ? t('adminEvents.cup.fixtures.noDraw') : oddsText(f.odds_draw_bp),
                    away: oddsText(f.odds_away_bp),
                  })}
                </td>
                <td>{points(f.max_stake)}</td>
                <td>
                  <StateTag state={f.state} textKey="adminEvents.cup.fixtureState" />
                  {f.result && (
                    <>
                      <br />
                      {t(`adminEvents.cup.result.${f.result}`, { home, away })}
                    </>
                  )}
                </td>
                <td>{f.predictions}</td>
                <td>
                  {t('adminEvents.cup.fixtures.staked', {
                    home: f.staked.home,
                    draw: f.staked.draw,
                    away: f.staked.away,
                  })}
                </td>
                <td>{points(f.paid)}</td>
                <td className="adm-events__actions">
                  {f.state === 'open' && (
                    <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(f)}>
                      {t('adminEvents.edit')}
                    </button>
                  )}
                  {f.result === null && (f.state === 'open' || f.state === 'started') && (
                    <button type="button" className="button button--ghost button--sm" onClick={() => setSettling(f)}>
                      {t('adminEvents.cup.settle.open')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })
        }
      />
      {editing && (
        <FixtureDialog
          tournamentId={tournament.id}
          fixture={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {settling && <SettleDialog fixture={settling} onClose={() => setSettling(null)} />}
    </div>
  );
}

/** The world cup tab: the tournaments with their counts; choosing one shows its fixtures below. */
export function CupTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const tournaments = useCupTournaments();
  const [editing, setEditing] = useState<AdminCupTournament | 'new' | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  // The row as last read, so the fixtures' heading follows a renamed tournament.
  const chosen = tournaments.data?.list.find((x) => x.id === chosenId) ?? null;
  const points = (n: number) => t('adminEvents.points', { points: n });
  return (
    <>
      <div className="adm-card">
        <TabToolbar
          title={t('adminEvents.cup.title')}
          createText={t('adminEvents.cup.create')}
          onCreate={() => setEditing('new')}
        />
        <QueryTable
          query={tournaments}
          failedTitle={t('adminEvents.loadFailed')}
          emptyTitle={t('adminEvents.cup.empty')}
          columns={[
            t('adminEvents.col.id'),
            t('adminEvents.col.title'),
            t('adminEvents.col.state'),
            t('adminEvents.cup.col.fixtures'),
            t('adminEvents.cup.col.predictions'),
            t('adminEvents.cup.col.staked'),
            t('adminEvents.cup.col.paid'),
            t('adminEvents.col.actions'),
          ]}
          rows={(data) =>
            data.list.map((x) => (
              <tr key={x.id} className="adm-table__row">
                <td className="adm-table__mono">{x.id}</td>
                <td>
                  {nameIn(localisedOf(x, 'title'), locale)}
                  <br />
                  <span className="adm-table__muted">
                    {[x.title_zh_cn, x.title_zh_tw, x.title_en].filter(Boolean).join(' / ')}
                  </span>
                </td>
                <td>
                  <StateTag state={x.state} />
                </td>
                <td>{x.fixtures}</td>
                <td>{x.predictions}</td>
                <td>{points(x.staked)}</td>
                <td>{points(x.paid)}</td>
                <td className="adm-events__actions">
                  <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(x)}>
                    {t('adminEvents.edit')}
                  </button>
                  <button
                    type="button"
                    className={`button button--sm ${x.id === chosenId ? 'button--primary' : 'button--ghost'}`}
                    aria-pressed={x.id === chosenId}
                    onClick={() => setChosenId(x.id)}
                  >
                    {t('adminEvents.cup.showFixtures')}
                  </button>
                </td>
              </tr>
            ))
          }
        />
        {editing && (
          <TournamentDialog tournament={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )}
      </div>
      {chosen && <Fixtures key={chosen.id} tournament={chosen} />}
    </>
  );
}
