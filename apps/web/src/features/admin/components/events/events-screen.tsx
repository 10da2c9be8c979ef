import { TabbedSection } from '../console-form.tsx';
import { BoardsTab } from './boards-tab.tsx';
import { CupTab } from './cup-tab.tsx';
import { eventsTexts } from './events-texts.ts';
import { PkPowerTab } from './pk-power-tab.tsx';
import './events.css';

/**
 * The Boards & events section (promotions.manage, issue 25): the calendar boards' prizes and what
 * their closes paid, the PK power activities, and the world cup's tournaments, fixtures and results.
 */
export default function EventsScreen() {
  return (
    <TabbedSection
      texts={eventsTexts}
      name="events"
      textKey="adminEvents"
      tabs={['boards', 'pkPower', 'cup']}
      panelClassName="adm-events__panel"
      panel={(tab) => (
        <>
          {tab === 'boards' && <BoardsTab />}
          {tab === 'pkPower' && <PkPowerTab />}
          {tab === 'cup' && <CupTab />}
        </>
      )}
    />
  );
}
