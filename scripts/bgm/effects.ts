/**
 * Effects for the background-music generator. All of them run over the loop twice (see
 * loopProcess) so echoes and reverb tails from the end of the loop ring on at its start.
 */
import { loopProcess, SR, type Stereo, Svf, stereo } from './dsp.ts';

/** Ping-pong echo; returns the wet signal only. `tone` low-passes the repeats. */
export function pingPong(input: Stereo, delaySec: number, feedback: number, tone = 3500): Stereo {
  const n = input.l.length;
  const out = stereo(n);
  const d = Math.round(delaySec * SR);
  const bl = new Float32Array(d);
  const br = new Float32Array(d);
  const fl = new Svf(tone, 0.6);
  const fr = new Svf(tone, 0.6);
  const hl = new Svf(250, 0.6);
  const hr = new Svf(250, 0.6);
  let w = 0;
  loopProcess(n, (i, write) => {
    const dl = bl[w]!;
    const dr = br[w]!;
    // mono input feeds the left line; each line feeds the other: echoes bounce L, R, L, ...
    const inp = (input.l[i]! + input.r[i]!) * 0.5;
    fl.tick(dr * feedback + inp);
    fr.tick(dl * feedback);
    hl.tick(fl.lp);
    hr.tick(fr.lp);
    bl[w] = hl.hp;
    br[w] = hr.hp;
    w = (w + 1) % d;
    if (write) {
      out.l[i] = dl;
      out.r[i] = dr;
    }
  });
  return out;
}

class Comb {
  private buf: Float32Array;
  private idx = 0;
  private store = 0;
  constructor(
    size: number,
    private feedback: number,
    private damp: number,
  ) {
    this.buf = new Float32Array(size);
  }
  tick(x: number): number {
    const y = this.buf[this.idx]!;
    this.store = y * (1 - this.damp) + this.store * this.damp;
    this.buf[this.idx] = x + this.store * this.feedback;
    this.idx = (this.idx + 1) % this.buf.length;
    return y;
  }
}

class Allpass {
  private buf: Float32Array;
  private idx = 0;
  constructor(size: number) {
    this.buf = new Float32Array(size);
  }
  tick(x: number): number {
    const b = this.buf[this.idx]!;
    this.buf[this.idx] = x + b * 0.5;
    this.idx = (this.idx + 1) % this.buf.length;
    return b - x;
  }
}

/**
 * Freeverb-style reverb (8 parallel damped combs, 4 series all-passes per side); wet only.
 * `size` 0..1 sets the decay, `damp` 0..1 darkens the tail, `predelay` in seconds.
 */
export function reverb(input: Stereo, size = 0.8, damp = 0.5, predelay = 0.02): Stereo {
  const n = input.l.length;
  const out = stereo(n);
  const combSizes = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
  const apSizes = [556, 441, 341, 225];
  const spread = 23;
  const fb = size * 0.28 + 0.7;
  const dmp = damp * 0.4;
  const cl = combSizes.map((s) => new Comb(s, fb, dmp));
  const cr = combSizes.map((s) => new Comb(s + spread, fb, dmp));
  const al = apSizes.map((s) => new Allpass(s));
  const ar = apSizes.map((s) => new Allpass(s + spread));
  const pd = Math.max(1, Math.round(predelay * SR));
  const pre = new Float32Array(pd);
  const hp = new Svf(180, 0.6);
  let w = 0;
  loopProcess(n, (i, write) => {
    const x = pre[w]!;
    pre[w] = (input.l[i]! + input.r[i]!) * 0.5;
    w = (w + 1) % pd;
    hp.tick(x);
    const inp = hp.hp * 0.03;
    let l = 0;
    let r = 0;
    for (let k = 0; k < 8; k++) {
      l += cl[k]!.tick(inp);
      r += cr[k]!.tick(inp);
    }
    for (let k = 0; k < 4; k++) {
      l = al[k]!.tick(l);
      r = ar[k]!.tick(r);
    }
    if (write) {
      out.l[i] = l;
      out.r[i] = r;
    }
  });
  return out;
}

/**
 * Side-chain "pump": a gain curve that dips at every kick and recovers over `release` s.
 * Smooth both ways (5 ms into the dip), wrapping round the loop.
 */
export function duckCurve(n: number, kicks: readonly number[], depth: number, release = 0.16): Float32Array {
  const curve = new Float32Array(n).fill(1);
  const span = Math.ceil(release * 5 * SR);
  const fall = 0.005 * SR;
  for (const k of kicks) {
    for (let j = -Math.ceil(fall); j < span; j++) {
      const t = j / SR;
      const shape = j < 0 ? 1 - (-j / fall) ** 2 : Math.exp(-t / release);
      const idx = (((k + j) % n) + n) % n;
      curve[idx] = Math.min(curve[idx]!, 1 - depth * shape);
    }
  }
  return curve;
}

/** Filters a whole bus in place (loop-aware): 'lp' or 'hp'. */
export function filterBus(bus: Stereo, type: 'lp' | 'hp', cutoff: number, q = Math.SQRT1_2): void {
  const n = bus.l.length;
  const fl = new Svf(cutoff, q);
  const fr = new Svf(cutoff, q);
  const ol = new Float32Array(n);
  const or = new Float32Array(n);
  loopProcess(n, (i, write) => {
    fl.tick(bus.l[i]!);
    fr.tick(bus.r[i]!);
    if (write) {
      ol[i] = type === 'lp' ? fl.lp : fl.hp;
      or[i] = type === 'lp' ? fr.lp : fr.hp;
    }
  });
  bus.l.set(ol);
  bus.r.set(or);
}

/** Soft saturation of a bus (glues drums, tames peaks). */
export function saturate(bus: Stereo, drive: number): void {
  const n = bus.l.length;
  for (let i = 0; i < n; i++) {
    bus.l[i] = Math.tanh(bus.l[i]! * drive) / drive;
    bus.r[i] = Math.tanh(bus.r[i]! * drive) / drive;
  }
}

export interface MasterReport {
  peakDb: number;
  rmsDb: number;
  limiterMaxReductionDb: number;
}

/**
 * Master chain: DC/rumble high-pass, loudness normalisation to `targetRmsDb`, then a smooth
 * look-ahead peak limiter holding everything under `ceilingDb` (ring-aware, so no seam).
 */
export function master(mix: Stereo, targetRmsDb = -17, ceilingDb = -2): MasterReport {
  const n = mix.l.length;
  filterBus(mix, 'hp', 28, 0.6);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += mix.l[i]! ** 2 + mix.r[i]! ** 2;
  const rms = Math.sqrt(sum / (2 * n));
  const g = 10 ** (targetRmsDb / 20) / rms;
  for (let i = 0; i < n; i++) {
    mix.l[i]! *= g;
    mix.r[i]! *= g;
  }
  // Required gain per sample, then a moving minimum over the look-ahead window, then a
  // moving average over the same window: the gain starts bending before a peak arrives
  // and is never above what that peak needs.
  const ceiling = 10 ** (ceilingDb / 20);
  const look = Math.round(0.004 * SR);
  const need = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = Math.max(Math.abs(mix.l[i]!), Math.abs(mix.r[i]!));
    need[i] = p > ceiling ? ceiling / p : 1;
  }
  const held = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let m = 1;
    for (let j = 0; j < 2 * look; j++) {
      const v = need[(i + j) % n]!;
      if (v < m) m = v;
    }
    held[i] = m;
  }
  // release: let the gain recover slowly (60 ms) rather than snapping back
  const rel = Math.exp(-1 / (0.06 * SR));
  const smooth = new Float32Array(n);
  let state = 1;
  loopProcess(n, (i, write) => {
    const target = held[i]!;
    state = target < state ? target : target + (state - target) * rel;
    if (write) smooth[i] = state;
  });
  // moving average over the *previous* `look` samples: each of them was held low for a window
  // reaching past sample i, so the average can never exceed what sample i needs.
  let acc = 0;
  for (let j = 1; j <= look; j++) acc += smooth[n - j]!;
  let maxRed = 1;
  let peak = 0;
  let sum2 = 0;
  for (let i = 0; i < n; i++) {
    acc += smooth[i]! - smooth[(i - look + n) % n]!;
    const gg = Math.min(acc / look, 1);
    if (gg < maxRed) maxRed = gg;
    mix.l[i]! *= gg;
    mix.r[i]! *= gg;
    peak = Math.max(peak, Math.abs(mix.l[i]!), Math.abs(mix.r[i]!));
    sum2 += mix.l[i]! ** 2 + mix.r[i]! ** 2;
  }
  // safety: a hard guarantee, in case averaging let the odd sample slip past the ceiling
  if (peak > ceiling) {
    const s = ceiling / peak;
    for (let i = 0; i < n; i++) {
      mix.l[i]! *= s;
      mix.r[i]! *= s;
    }
    peak = ceiling;
    sum2 *= s * s;
  }
  return {
    peakDb: 20 * Math.log10(peak),
    rmsDb: 10 * Math.log10(sum2 / (2 * n)),
    limiterMaxReductionDb: 20 * Math.log10(maxRed),
  };
}
