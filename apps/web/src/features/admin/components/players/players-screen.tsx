import { lazy, Suspense } from 'react';
import { matchPath, useLocation } from 'react-router';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { PLAYERS_PATH } from './player-paths.ts';
import { playersTexts } from './players-texts.ts';
import './players.css';

// The pages load behind a boundary of their own: this module stays small, so the console shows the
// section (sidebar mark, spinner) as soon as it is opened rather than holding the previous page
// while the screen's code and schemas arrive.
const PlayerPage = lazy(() => import('./player-page.tsx').then((m) => ({ default: m.PlayerPage })));
const PlayerSearchPage = lazy(() => import('./player-search.tsx').then((m) => ({ default: m.PlayerSearchPage })));

const loading = (
  <div className="adm-screen adm-screen--loading">
    <Spinner />
  </div>
);

/**
 * The Players section (players.read): the search at /admin/players, one player's page at
 * /admin/players/:id. The shell mounts the section for both; the page is matched here.
 */
export default function PlayersScreen() {
  const { pathname } = useLocation();
  const match = matchPath({ path: `${PLAYERS_PATH}/:id` }, pathname);
  const userId = match ? Number(match.params.id) : null;
  return (
    <FeatureTextsGate texts={playersTexts} fallback={loading}>
      <Suspense fallback={loading}>
        {userId !== null && Number.isSafeInteger(userId) && userId > 0 ? (
          <PlayerPage key={userId} userId={userId} />
        ) : (
          <PlayerSearchPage />
        )}
      </Suspense>
    </FeatureTextsGate>
  );
}
