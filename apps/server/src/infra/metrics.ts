import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** One registry per app instance, so tests that build several apps do not share counters. */
export function createMetrics() {
  const registry = new Registry();
  // Event-loop delay sampled every 100 ms, not prom-client's 10: the 10 ms timer alone was about
  // half of an idle process's CPU (bench/socket-fanout.ts), for a histogram read once a scrape.
  collectDefaultMetrics({ register: registry, prefix: 'kx_', eventLoopMonitoringPrecision: 100 });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'kx_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    socketConnections: new Gauge({
      name: 'kx_socket_connections',
      help: 'Open realtime socket connections on this process',
      registers: [registry],
    }),
    openBatches: new Histogram({
      name: 'kx_box_open_batch_size',
      help: 'Box openings sent to the database in one statement (group commit), per statement',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [registry],
    }),
    betBatches: new Histogram({
      name: 'kx_turntable_bet_batch_size',
      help: 'Turntable bets sent to the database in one statement (group commit), per statement',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [registry],
    }),
    rainGrabBatches: new Histogram({
      name: 'kx_rain_grab_batch_size',
      help: 'Red-packet grabs sent to the database in one statement (group commit), per statement',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [registry],
    }),
    txRetries: new Counter({
      name: 'kx_db_tx_retries_total',
      help: 'Transactions retried after a serialization failure or deadlock',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
