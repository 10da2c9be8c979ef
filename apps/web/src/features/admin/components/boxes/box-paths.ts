import { consolePath } from '../../paths.ts';

export const BOXES_PATH = consolePath('boxes');

export const boxPath = (boxId: number) => `${BOXES_PATH}/${boxId}`;

/** A new box's form. */
export const NEW_BOX_PATH = `${BOXES_PATH}/new`;

/** The item prices page. */
export const ITEM_PRICES_PATH = `${BOXES_PATH}/prices`;
