import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { RollRooms, Treasures } from './game-lists.tsx';
import { gamesTexts } from './games-texts.ts';
import { GameSettingsForm } from './settings-form.tsx';
import './games.css';

const TABS = ['roll', 'treasure', 'settings'] as const;
type Tab = (typeof TABS)[number];

function Games() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('roll');
  return (
    <section className="adm-screen" aria-labelledby="adm-games-title">
      <header className="adm-screen__head">
        <h1 id="adm-games-title" className="adm-screen__title">
          {t('admin.sections.games')}
        </h1>
        <p className="adm-screen__sub">{t('adminGames.subtitle')}</p>
      </header>
      <div className="adm-games__tabs" role="tablist" aria-label={t('adminGames.tabs.label')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`button button--sm ${tab === id ? 'button--primary' : 'button--ghost'}`}
            onClick={() => setTab(id)}
          >
            {t(`adminGames.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'roll' && <RollRooms />}
        {tab === 'treasure' && <Treasures />}
        {tab === 'settings' && <GameSettingsForm />}
      </div>
    </section>
  );
}

/** The Games section (games.manage): roll rooms, treasures and the game settings. */
export default function GamesScreen() {
  return (
    <FeatureTextsGate
      texts={gamesTexts}
      fallback={
        <div className="adm-screen adm-screen--loading">
          <Spinner />
        </div>
      }
    >
      <Games />
    </FeatureTextsGate>
  );
}
