/**
 * `NODE_OPTIONS="--import tsx --import ./bench/support/cpu-profile.ts"` profiles a server process the benches
 * start (Node refuses --cpu-prof in NODE_OPTIONS): CPU_PROFILE_AFTER_MS after start the profiler
 * runs for CPU_PROFILE_MS, then writes CPU_PROFILE_FILE (a .cpuprofile for Chrome DevTools).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const after = Number(process.env.CPU_PROFILE_AFTER_MS ?? 15_000);
const length = Number(process.env.CPU_PROFILE_MS ?? 5_000);
const file = process.env.CPU_PROFILE_FILE ?? `/tmp/kx-${process.pid}.cpuprofile`;
const session = new Session();
session.connect();
setTimeout(() => {
  session.post('Profiler.enable', () => {
    session.post('Profiler.start', () => {
      setTimeout(() => {
        session.post('Profiler.stop', (err, res) => {
          if (!err) writeFileSync(file, JSON.stringify(res.profile));
        });
      }, length).unref();
    });
  });
}, after).unref();
