import { consolePath } from '../../paths.ts';

export const BOXES_PATH = consolePath('boxes');

export const boxPath = (boxId: number) => `${BOXES_PATH}/${boxId}`;
