import { consolePath } from '../../paths.ts';

export const PLAYERS_PATH = consolePath('players');

export const playerPath = (userId: number) => `${PLAYERS_PATH}/${userId}`;
