import { randomBytes } from 'node:crypto';
import {
  BOT_FAILURES,
  type BotFailure,
  type OfferOutcome,
  type OfferUpdateHandler,
  type TradeBot,
} from './trade-bot.ts';

/**
 * How the sandbox answers offers: accept after the delay, leave them for a person (the
 * /dev/trade-bot page), or always report one outcome after the delay.
 */
export const SANDBOX_TRADE_MODES = ['auto_accept', 'manual', 'decline', ...BOT_FAILURES] as const;
export type SandboxTradeMode = (typeof SANDBOX_TRADE_MODES)[number];

/**
 * Trade links that reproduce the FAQ's failure causes whatever the mode (a bound link's token is
 * exactly 8 characters, so these fit): partner=1 → invalid_link, a token containing "private" →
 * private_inventory, "restrict" → trade_restricted, "declined" → declined, "botfault" → the
 * bot cannot send at all (sendOffer throws).
 */
export function linkRule(link: string): OfferOutcome | 'throw' | null {
  if (/[?&]partner=1(&|$)/.test(link)) return { state: 'failed', failure: 'invalid_link' };
  const token = /[?&]token=([^&]*)/.exec(link)?.[1] ?? '';
  if (token.includes('botfault')) return 'throw';
  if (token.includes('private')) return { state: 'failed', failure: 'private_inventory' };
  if (token.includes('restrict')) return { state: 'failed', failure: 'trade_restricted' };
  if (token.includes('declined')) return { state: 'declined' };
  return null;
}

function outcomeOfMode(mode: SandboxTradeMode): OfferOutcome | 'throw' | null {
  if (mode === 'auto_accept') return { state: 'accepted' };
  if (mode === 'manual') return null;
  if (mode === 'decline') return { state: 'declined' };
  // A bot fault is the bot failing to send: it exercises the "send throws" path.
  if (mode === 'bot_fault') return 'throw';
  return { state: 'failed', failure: mode as BotFailure };
}

export interface SandboxTradeBot extends TradeBot {
  mode(): { mode: SandboxTradeMode; delayMs: number };
  setMode(mode: SandboxTradeMode, delayMs?: number): void;
  /** What a person does on /dev/trade-bot: reports an outcome as the real bot's callback would. */
  report(botOfferId: string, outcome: OfferOutcome): Promise<void>;
}

/**
 * The development trade bot: no Steam, outcomes by rule or by hand. Timers are per process, like
 * a real bot's session; an offer whose timer was lost (restart) waits for the page or the 12 h
 * expiry.
 */
export function createSandboxTradeBot(opts: { mode: SandboxTradeMode; delayMs: number }): SandboxTradeBot {
  let mode = opts.mode;
  let delayMs = opts.delayMs;
  let handler: OfferUpdateHandler | null = null;
  const timers = new Map<string, NodeJS.Timeout>();

  const report = async (botOfferId: string, outcome: OfferOutcome) => {
    const timer = timers.get(botOfferId);
    if (timer) clearTimeout(timer);
    timers.delete(botOfferId);
    if (handler) await handler(botOfferId, outcome);
  };

  return {
    name: 'sandbox',
    async sendOffer(offer) {
      const rule = linkRule(offer.tradeLink) ?? outcomeOfMode(mode);
      if (rule === 'throw') throw new Error('sandbox trade bot: bot_fault (cannot send)');
      const botOfferId = `sbx-${offer.offerId}-${randomBytes(4).toString('hex')}`;
      if (rule) {
        const timer = setTimeout(() => {
          timers.delete(botOfferId);
          // The handler logs its own failures; the sandbox has nobody to tell.
          void report(botOfferId, rule).catch(() => undefined);
        }, delayMs);
        timer.unref();
        timers.set(botOfferId, timer);
      }
      return { botOfferId };
    },
    async cancelOffer(botOfferId) {
      const timer = timers.get(botOfferId);
      if (timer) clearTimeout(timer);
      timers.delete(botOfferId);
    },
    onUpdate(h) {
      handler = h;
    },
    mode: () => ({ mode, delayMs }),
    setMode(next, nextDelayMs) {
      mode = next;
      if (nextDelayMs !== undefined) delayMs = nextDelayMs;
    },
    report,
    async close() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
