/**
 * The boards' three pages, one chunk: they share their texts, styles and table, and a player who
 * opens one of them usually opens the others.
 */
export { KingPage } from './components/king-page.tsx';
export { PkPowerPage } from './components/pk-power-page.tsx';
export { RoyalPage } from './components/royal-page.tsx';
