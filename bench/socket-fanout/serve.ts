import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { type BenchEvent, cpuMs, type ServerCommand, type ServerReply, sharedNowMs } from './protocol.ts';

/**
 * The command loop every server child runs: memory samples, publishing on a schedule, stop.
 * `publish` is the server's own way of sending one event to every client.
 */
export function serveBench(opts: {
  port: number;
  path: string;
  publish: (event: BenchEvent) => unknown;
  close: () => Promise<void>;
}): void {
  const reply = (msg: ServerReply) => process.send?.(msg);
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  process.on('message', async (cmd: ServerCommand) => {
    switch (cmd.type) {
      case 'mem': {
        // Twice: the first pass can only queue finalizers (sockets closed earlier, weak refs).
        globalThis.gc?.();
        globalThis.gc?.();
        const m = process.memoryUsage();
        reply({ type: 'mem', rss: m.rss, heapUsed: m.heapUsed, external: m.external });
        return;
      }
      case 'cpu':
        reply({ type: 'cpu', ms: cpuMs(), gcMs });
        return;
      case 'publish': {
        const pending: unknown[] = [];
        const t0 = sharedNowMs();
        let first = 0;
        let last = 0;
        for (let i = 0; i < cmd.events; i++) {
          // On an absolute schedule, so one slow fan-out does not push every later event back.
          const due = t0 + i * cmd.intervalMs;
          const wait = due - sharedNowMs();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          last = sharedNowMs();
          if (i === 0) first = last;
          pending.push(opts.publish({ i, t: last }));
        }
        await Promise.all(pending);
        reply({ type: 'published', firstMs: first, lastMs: last });
        return;
      }
      case 'profile':
        if (cmd.action === 'start') await startProfile(cmd.kind);
        else await stopProfile(cmd.kind, cmd.file);
        reply({ type: 'profile' });
        return;
      case 'stop':
        await opts.close();
        process.exit(0);
    }
  });
  reply({ type: 'ready', port: opts.port, path: opts.path });
}

// Profiles cover the phases the orchestrator names, not the process's start (migrations, seed).
const session = new Session();

async function startProfile(kind: 'cpu' | 'heap'): Promise<void> {
  session.connect();
  if (kind === 'cpu') {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  } else {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096 });
  }
}

async function stopProfile(kind: 'cpu' | 'heap', file: string): Promise<void> {
  const { profile } =
    kind === 'cpu' ? await session.post('Profiler.stop') : await session.post('HeapProfiler.stopSampling');
  await writeFile(file, JSON.stringify(profile));
  session.disconnect();
}
