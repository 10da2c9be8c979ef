import { consolePath } from '../../paths.ts';

export const PAYMENTS_PATH = consolePath('payments');
export const CHANNELS_PATH = `${PAYMENTS_PATH}/channels`;
export const USDT_PATH = `${PAYMENTS_PATH}/usdt`;

export const orderPath = (orderSn: string) => `${PAYMENTS_PATH}/orders/${encodeURIComponent(orderSn)}`;
