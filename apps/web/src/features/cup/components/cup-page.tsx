import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconTrophy } from '../../../components/icons.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { groupThousands } from '../../../i18n/formats.ts';
import { useUserDetail } from '../../accounts/api/user-detail.ts';
import { useCup } from '../api/cup.ts';
import { cupTexts } from '../texts.ts';
import { CupBoard } from './cup-board.tsx';
import { CupFixtures } from './cup-fixtures.tsx';
import { CupMine } from './cup-mine.tsx';
import '../cup.css';

type View = 'fixtures' | 'board' | 'mine';
const VIEWS: readonly View[] = ['fixtures', 'board', 'mine'];

/**
 * /worldCup (世界杯竞猜): a tournament's fixtures with the odds and the player's own picks, a
 * prediction with points before kick-off, the best predictors and the player's predictions.
 */
export function CupPage() {
  return (
    <FeatureTextsGate texts={cupTexts}>
      <Cup />
    </FeatureTextsGate>
  );
}

function Cup() {
  const { t } = useTranslation();
  const [tournamentId, setTournamentId] = useState<number | undefined>(undefined);
  const [view, setView] = useState<View>('fixtures');
  const query = useCup(tournamentId);
  const user = useUserDetail();
  const data = query.data;
  const points = user.data?.score_point;
  return (
    <div className="page cup-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconTrophy size={26} />
        </span>
        <div>
          <h1>{t('cup.title')}</h1>
          <p>{t('cup.subtitle')}</p>
        </div>
        <p className="cup-page__points">
          {t('cup.points')}
          <strong data-testid="cup-points">
            {points === undefined ? t('cup.signInForPoints') : groupThousands(points)}
          </strong>
        </p>
      </header>
      {!data ? (
        <section className="panel cup-panel">
          {query.isError ? (
            <EmptyState title={t('cup.failed')} />
          ) : (
            <div className="center-block cup-loading">
              <Spinner />
            </div>
          )}
        </section>
      ) : !data.tournament ? (
        <section className="panel cup-panel">
          <EmptyState title={t('cup.none')} hint={t('cup.noneHint')} />
        </section>
      ) : (
        <>
          {data.tournaments.length > 1 && (
            <div className="cup-filters">
              <SegTabs
                label={t('cup.tournaments')}
                options={data.tournaments.map((tt) => ({ key: String(tt.id), value: tt.id, text: tt.title }))}
                value={data.tournament.id}
                onChange={setTournamentId}
              />
            </div>
          )}
          <section className="panel cup-panel">
            <div className="cup-panel__head">
              <h2>{data.tournament.title}</h2>
              <SegTabs
                label={t('cup.views')}
                options={VIEWS.map((v) => ({ key: v, value: v, text: t(`cup.view.${v}`) }))}
                value={view}
                onChange={setView}
              />
            </div>
            {view === 'fixtures' && <CupFixtures fixtures={data.fixtures} />}
            {view === 'board' && <CupBoard rows={data.board} me={data.me} />}
            {view === 'mine' && <CupMine />}
            {data.tournament.rules && (
              <details className="cup-rules">
                <summary>{t('cup.rules')}</summary>
                <p>{data.tournament.rules}</p>
              </details>
            )}
          </section>
        </>
      )}
    </div>
  );
}
