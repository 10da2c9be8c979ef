/**
 * The treasure screens, one chunk for the app's routes: a single dynamic import costs the first
 * load less (each one adds its loader and its preload list to the shell) than one per page, and
 * a player who opens the hall usually opens a treasure next.
 */
export { MyCardsPage, MyCardsSection } from './components/my-cards.tsx';
export { TreasureDetailsPage } from './components/treasure-details.tsx';
export { TreasureHallPage } from './components/treasure-hall.tsx';
