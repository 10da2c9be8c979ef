import type { OfferFailure } from '@kaixiang/shared/inventory';

/** What the bot is asked to send: one Steam trade offer with the player's items. */
export interface OfferToSend {
  /** Our trade_offers id (a real bot puts it in the offer's message to match callbacks). */
  offerId: number;
  userId: number;
  tradeLink: string;
  items: { userItemId: number; itemDefId: number; name: string; exter: number }[];
}

/** Causes a bot can report; `declined` and `expired` are separate outcomes. */
export type BotFailure = Exclude<OfferFailure, 'declined' | 'expired'>;
export const BOT_FAILURES = [
  'trade_restricted',
  'private_inventory',
  'invalid_link',
  'bot_fault',
] as const satisfies readonly BotFailure[];

export type OfferOutcome = { state: 'accepted' } | { state: 'declined' } | { state: 'failed'; failure: BotFailure };

export type OfferUpdateHandler = (botOfferId: string, outcome: OfferOutcome) => Promise<void>;

/**
 * The trade bot port (STYLE.md §4). Sending is asynchronous in the world: `sendOffer` only hands
 * the offer over; the outcome comes later through the handler given to `onUpdate` (a callback or
 * a poll, as the adapter likes). The only adapter today is the sandbox; a Steam bot adapter
 * implements the same three calls.
 */
export interface TradeBot {
  /** Stored with each offer, so callbacks of one adapter never match another's ids. */
  readonly name: string;
  /** Throws when the offer could not be handed over (the items return with bot_fault). */
  sendOffer(offer: OfferToSend): Promise<{ botOfferId: string }>;
  /** Withdraws a pending offer (12 h expiry). Best effort: a late acceptance is ignored anyway. */
  cancelOffer(botOfferId: string): Promise<void>;
  onUpdate(handler: OfferUpdateHandler): void;
  close(): Promise<void>;
}
