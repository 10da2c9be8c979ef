/**
 * Group commit for one kind of write: the calls made in the same turn of the event loop go to the
 * database together, as one statement (one round trip, one transaction, one commit flush), where
 * each alone would pay all three. A call made alone goes alone, the moment the turn ends: under a
 * light load nothing waits for company, and under a heavy one the calls that arrived while the
 * process was busy go as one. See docs/boxes.md, Boxes ("Group commit").
 *
 * `many` must answer in the order it was given the inputs (after `order`, if any). When it throws
 * an error the database raised (a SQLSTATE: the statement was rolled back, nothing of it was
 * written), each input is sent again alone through `one`, so one input that raises (a twin
 * request, a deadlock) costs the others a second round trip, not their answer. Any other error
 * (the connection lost: the statement may or may not have committed) is every caller's answer, as
 * it would have been had each gone alone.
 */
import { sqlStateOf } from '../db/tx.ts';

export interface TickBatcherOptions<I, O> {
  one: (input: I) => Promise<O>;
  many: (inputs: readonly I[]) => Promise<readonly O[]>;
  /** The order inputs take in a batch (rows locked in one order by every writer cannot deadlock). */
  order?: (a: I, b: I) => number;
  /** The most inputs in one statement; more wait for the next. */
  maxBatch?: number;
  /** Each statement sent, by size (metrics, tests). */
  onBatch?: (size: number) => void;
}

/**
 * Orders inputs by their players' ledger account owners (`u:<id>`) compared by their bytes
 * (COLLATE "C"): the order kx_post_transfer locks accounts in, so a batch that locks one account
 * per input and a transfer of several players (a battle's settlement) cannot deadlock.
 */
export function byAccountOwner<I>(userIdOf: (input: I) => number): (a: I, b: I) => number {
  return (a, b) => {
    const x = `u:${userIdOf(a)}`;
    const y = `u:${userIdOf(b)}`;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

interface Waiting<I, O> {
  input: I;
  resolve: (out: O) => void;
  reject: (error: unknown) => void;
}

export function createTickBatcher<I, O>(opts: TickBatcherOptions<I, O>): (input: I) => Promise<O> {
  const maxBatch = opts.maxBatch ?? 64;
  const queue: Waiting<I, O>[] = [];

  const alone = (w: Waiting<I, O>) => opts.one(w.input).then(w.resolve, w.reject);
  const rejectAll = (batch: Waiting<I, O>[], error: unknown) => {
    for (const w of batch) w.reject(error);
  };

  async function send(batch: Waiting<I, O>[]): Promise<void> {
    opts.onBatch?.(batch.length);
    const [first] = batch;
    if (batch.length === 1 && first) return alone(first);
    const order = opts.order;
    if (order) batch.sort((a, b) => order(a.input, b.input));
    let outs: readonly O[];
    try {
      outs = await opts.many(batch.map((w) => w.input));
    } catch (error) {
      if (sqlStateOf(error) === undefined) rejectAll(batch, error);
      else await Promise.all(batch.map(alone));
      return;
    }
    if (outs.length !== batch.length) rejectAll(batch, new Error(`a batch of ${batch.length} answered ${outs.length}`));
    else for (const [i, w] of batch.entries()) w.resolve(outs[i] as O);
  }

  function flush() {
    while (queue.length > 0) void send(queue.splice(0, maxBatch));
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      // The first call of a turn books the flush; setImmediate runs once this turn's I/O is read.
      if (queue.length === 1) setImmediate(flush);
    });
}
