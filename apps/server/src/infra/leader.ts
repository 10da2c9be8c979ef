import pg from 'pg';

/**
 * Leader election between processes (ARCHITECTURE.md §Runtime modes): the leader is the process
 * whose session holds a PostgreSQL session-level advisory lock. PostgreSQL releases the lock when
 * the session ends — a clean stop, a crash, a killed backend — so a follower's next try wins.
 *
 * The lock lives on a dedicated `pg.Client`, never a pooled connection: the pool would hand the
 * session (and the lock with it) to unrelated queries and might close it when idle.
 */

export interface SchedulerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Leadership {
  start(): void;
  /** Releases the lock (if held) and closes the session. */
  stop(): Promise<void>;
  isLeader(): boolean;
}

export interface LeadershipEvents {
  /** This process just became the leader. */
  onElected(): void;
  /** This process is no longer the leader (lost its session, or stopping). */
  onDeposed(): void;
}

export interface AdvisoryLeadershipOptions extends LeadershipEvents {
  url: string;
  lockKey: number;
  pollMs: number;
  log: SchedulerLog;
}

/** The key used when none is given: "KXSC" in ASCII, unlikely to clash with another app's lock. */
export const DEFAULT_SCHEDULER_LOCK_KEY = 0x4b585343;

/** A single process (PGlite) has nobody to compete with: it leads from start to stop. */
export function soleLeadership(events: LeadershipEvents): Leadership {
  let leading = false;
  return {
    start() {
      if (leading) return;
      leading = true;
      events.onElected();
    },
    async stop() {
      if (!leading) return;
      leading = false;
      events.onDeposed();
    },
    isLeader: () => leading,
  };
}

export function advisoryLeadership(opts: AdvisoryLeadershipOptions): Leadership {
  const { log, lockKey, pollMs } = opts;
  // A query slower than this means the session is not healthy enough to be trusted with the lock.
  const queryTimeoutMs = Math.max(2 * pollMs, 1000);
  let client: pg.Client | null = null;
  let leading = false;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let tickDone: Promise<void> = Promise.resolve();
  let failing = false;
  let pollsToSkip = 0;

  function depose(reason: string, err?: unknown): void {
    if (!leading) return;
    leading = false;
    // A process that just lost its session is the least trusted candidate (its network may be the
    // problem) and may still be finishing a run: it sits out two polls so a healthy peer leads.
    pollsToSkip = 2;
    log.warn({ err, lockKey, reason }, 'scheduler: lost leadership');
    opts.onDeposed();
  }

  /** Drops the session: whatever happened to it, its lock can no longer be counted on. */
  function drop(c: pg.Client, reason: string, err?: unknown): void {
    if (client !== c) return;
    client = null;
    depose(reason, err);
    c.end().catch(() => {});
  }

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      connectionTimeoutMillis: queryTimeoutMs,
      query_timeout: queryTimeoutMs,
      application_name: 'kaixiang-scheduler',
    });
    // 'error' without a listener would crash the process; a dead session is an expected event.
    c.on('error', (err) => drop(c, 'session error', err));
    c.on('end', () => drop(c, 'session ended'));
    client = c;
    try {
      await c.connect();
    } catch (err) {
      drop(c, 'connect failed', err);
      throw err;
    }
    return c;
  }

  async function tick(): Promise<void> {
    if (pollsToSkip > 0) {
      pollsToSkip--;
      return;
    }
    try {
      if (leading && client) {
        // The lock lasts as long as the session: a round trip proves the session still lives.
        await client.query('select 1');
      } else {
        const c = client ?? (await connect());
        const res = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [lockKey]);
        if (res.rows[0]?.ok && client === c && running) {
          leading = true;
          log.info({ lockKey }, 'scheduler: this process is the leader');
          opts.onElected();
        } else if (res.rows[0]?.ok) {
          // Stopped (or the session was dropped) while the lock was being taken: give it back.
          await c.query('select pg_advisory_unlock($1::bigint)', [lockKey]).catch(() => {});
        }
      }
      failing = false;
    } catch (err) {
      if (client) drop(client, 'query failed', err);
      // Logged once per outage, not once per poll.
      if (!failing) log.warn({ err, lockKey }, 'scheduler: leadership check failed; retrying');
      failing = true;
    }
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      tickDone = tick().finally(schedule);
    }, pollMs);
    // The scheduler never keeps a process alive on its own; the HTTP server does.
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      tickDone = tick().finally(schedule);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await tickDone;
      const c = client;
      client = null;
      if (leading) {
        leading = false;
        log.info({ lockKey }, 'scheduler: stepping down');
        opts.onDeposed();
      }
      if (!c) return;
      // Ending the session releases the lock anyway; unlocking first frees it even if the
      // goodbye is slow to reach the server.
      await c.query('select pg_advisory_unlock_all()').catch(() => {});
      await Promise.race([c.end().catch(() => {}), delay(queryTimeoutMs)]);
    },
    isLeader: () => leading,
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
