import { TabbedSection } from '../console-form.tsx';
import { RollRooms, Treasures } from './game-lists.tsx';
import { gamesTexts } from './games-texts.ts';
import { GameSettingsForm } from './settings-form.tsx';
import './games.css';

/** The Games section (games.manage): roll rooms, treasures and the game settings. */
export default function GamesScreen() {
  return (
    <TabbedSection
      texts={gamesTexts}
      name="games"
      textKey="adminGames"
      tabs={['roll', 'treasure', 'settings']}
      panel={(tab) => (
        <>
          {tab === 'roll' && <RollRooms />}
          {tab === 'treasure' && <Treasures />}
          {tab === 'settings' && <GameSettingsForm />}
        </>
      )}
    />
  );
}
