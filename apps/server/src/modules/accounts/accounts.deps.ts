import type { Db, Tx } from '../../db/client.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { CounterStore } from '../../infra/counters.ts';
import type { MailPort, SmsPort } from './messaging.ts';
import type { SessionCache } from './session-cache.ts';

/** What the accounts services take from the outside (STYLE.md §4). */
export interface AccountsDeps {
  db: Db;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  clock: Clock;
  bus: EventBus;
  sms: SmsPort;
  mail: MailPort;
  counters: CounterStore;
  tokenSecret: string;
  /** HMAC key for stored code hashes and ID numbers. */
  hashSecret: string;
  /** Session rows this process trusts for a few seconds (session-cache.ts). */
  sessionCache: SessionCache;
  /**
   * Runs inside an identity verification's transaction, with the ID's row locked: player
   * protection gives a new account of an excluded ID the same exclusion (issue 24 §2).
   */
  onIdentityVerified?: (tx: Tx, userId: number, idHash: string, now: Date) => Promise<void>;
}

/** The bus room on which a user's sign-out everywhere reaches every process's socket hub. */
export const ACCOUNTS_CONTROL_ROOM = 'sys:accounts';
export const SIGNED_OUT_EVENT = 'user-signed-out';
/** One login ended (logout, a stolen refresh token): every process forgets its cached session row. */
export const SESSION_ENDED_EVENT = 'session-ended';
