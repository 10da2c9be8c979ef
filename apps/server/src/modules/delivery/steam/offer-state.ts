import type { OfferOutcome } from '../../inventory/trade-bot.ts';

/**
 * ETradeOfferState, as documented for IEconService (Steam Web API, "Trading" → ETradeOfferState;
 * the same numbers as steam-tradeoffer-manager's `ETradeOfferState`).
 */
export const TRADE_OFFER_STATE = {
  Invalid: 1,
  Active: 2,
  Accepted: 3,
  Countered: 4,
  Expired: 5,
  Canceled: 6,
  Declined: 7,
  InvalidItems: 8,
  CreatedNeedsConfirmation: 9,
  CanceledBySecondFactor: 10,
  InEscrow: 11,
} as const;

/** EResult values Steam puts in parentheses at the end of a failed send's `strError` (SteamKit's EResult). */
export const ERESULT = {
  Fail: 2,
  InvalidParam: 8,
  AccessDenied: 15,
  Banned: 17,
  LimitExceeded: 25,
  Revoked: 26,
  RateLimitExceeded: 84,
} as const;

/**
 * The outcome a Steam offer state means for our offer, or null while it is still open. InEscrow
 * stays pending: Steam moves it to Accepted when the hold ends (or Canceled if either side cancels).
 * Steam's own expiry is 14 days, longer than our 12 h (the trade service cancels first), so an
 * Expired seen here is something we did not ask for: a bot fault, like a cancel we did not make.
 */
export function outcomeOfState(state: number): OfferOutcome | null {
  switch (state) {
    case TRADE_OFFER_STATE.Active:
    case TRADE_OFFER_STATE.CreatedNeedsConfirmation:
    case TRADE_OFFER_STATE.InEscrow:
      return null;
    case TRADE_OFFER_STATE.Accepted:
      return { state: 'accepted' };
    // A counter-offer replaces ours: for the player it is a decline of what we sent.
    case TRADE_OFFER_STATE.Declined:
    case TRADE_OFFER_STATE.Countered:
      return { state: 'declined' };
    default:
      return { state: 'failed', failure: 'bot_fault' };
  }
}

/** How a send that Steam refused is classified: the player's side, or the bot's. */
export type SendRefusal =
  | { kind: 'offer'; outcome: OfferOutcome }
  /** The bot cannot send now (logged out, rate limited, Steam down): another bot should. */
  | { kind: 'bot'; reason: string };

/** The EResult at the end of a `strError` ("... (15)"), or null. */
export function eresultOf(strError: string): number | null {
  const m = /\((\d+)\)\s*$/.exec(strError);
  return m ? Number(m[1]) : null;
}

/**
 * A refused send (community `tradeoffer/new/send`): HTTP status and, when Steam explained, its
 * `strError`. Steam's texts are matched first because they are more precise than the EResult
 * (AccessDenied covers both a wrong token and a partner who cannot trade): "is not available to
 * trade" is the trade ban / trade hold message, "inventory is private" the privacy one.
 */
export function classifySendError(httpStatus: number, strError: string | null): SendRefusal {
  if (httpStatus === 401 || httpStatus === 403 || httpStatus === 429 || httpStatus === 302) {
    return { kind: 'bot', reason: `http ${httpStatus}` };
  }
  if (!strError) return { kind: 'bot', reason: `http ${httpStatus} without strError` };
  const failed = (failure: 'trade_restricted' | 'private_inventory' | 'invalid_link' | 'bot_fault') =>
    ({ kind: 'offer', outcome: { state: 'failed', failure } }) as const;
  if (/inventory is private|private inventory/i.test(strError)) return failed('private_inventory');
  if (/not available to trade|trade ban|trade hold|trade restrict/i.test(strError)) return failed('trade_restricted');
  if (/trade url is no longer valid|invalid trade (url|link)/i.test(strError)) return failed('invalid_link');
  switch (eresultOf(strError)) {
    case ERESULT.RateLimitExceeded:
      return { kind: 'bot', reason: strError };
    case ERESULT.AccessDenied:
    case ERESULT.InvalidParam:
      return failed('invalid_link');
    case ERESULT.Banned:
      return failed('trade_restricted');
    default:
      return failed('bot_fault');
  }
}
