/**
 * Instruments for the background-music generator: a subtractive synth voice (pads, bass,
 * leads, plucks), a two-operator FM voice (electric piano, bells) and synthesized drums.
 * Every instrument writes into a ring buffer (see dsp.ts), so tails wrap round the loop.
 */
import { type Adsr, envAt, noteSamples, osc, panGains, ringAdd, SR, type Stereo, Svf, type Wave } from './dsp.ts';

export interface OscSpec {
  wave: Wave;
  /** detune in cents */
  detune?: number;
  /** octave offset */
  octave?: number;
  gain?: number;
  /** stereo position of this oscillator, -1..1 */
  pan?: number;
}

export interface SynthPatch {
  oscs: OscSpec[];
  amp: Adsr;
  /** base low-pass cutoff in Hz */
  cutoff: number;
  q?: number;
  /** filter envelope: cutoff × 2^(octaves · e^(−t/decay)); `attack` softens the opening */
  filterEnv?: { octaves: number; decay: number; attack?: number };
  /** cutoff follows pitch: cutoff × (f / 261.6)^keyTrack */
  keyTrack?: number;
  vibrato?: { rate: number; cents: number; delay: number };
  /** soft saturation drive after the filter (1 = none) */
  drive?: number;
  gain: number;
}

/** Seeded phase source so unison oscillators start at different (but repeatable) phases. */
export type Rand = () => number;

/** Renders one note of a subtractive synth voice into `out`. */
export function playSynth(
  out: Stereo,
  patch: SynthPatch,
  start: number,
  gate: number,
  freq: number,
  vel: number,
  pan: number,
  rand: Rand,
): void {
  const count = noteSamples(gate, patch.amp.r);
  const phases = patch.oscs.map(() => rand());
  const pans = patch.oscs.map((o) => panGains(Math.max(-1, Math.min(1, (o.pan ?? 0) + pan))));
  const ratios = patch.oscs.map((o) => 2 ** ((o.octave ?? 0) + (o.detune ?? 0) / 1200));
  const gains = patch.oscs.map((o) => o.gain ?? 1);
  const fl = new Svf();
  const fr = new Svf();
  const q = patch.q ?? Math.SQRT1_2;
  const keyed = patch.cutoff * (freq / 261.6) ** (patch.keyTrack ?? 0);
  const fenv = patch.filterEnv;
  const vib = patch.vibrato;
  const drive = patch.drive ?? 1;
  const amp = patch.gain * vel;
  for (let j = 0; j < count; j++) {
    const t = j / SR;
    if ((j & 7) === 0) {
      let c = keyed;
      if (fenv) {
        const atk = fenv.attack ? Math.min(1, t / fenv.attack) : 1;
        c *= 2 ** (fenv.octaves * atk * Math.exp(-t / fenv.decay));
      }
      fl.set(c, q);
      fr.set(c, q);
    }
    let f = freq;
    if (vib && t > vib.delay) {
      const depth = Math.min(1, (t - vib.delay) / 0.4) * vib.cents;
      f *= 2 ** ((depth * Math.sin(2 * Math.PI * vib.rate * t)) / 1200);
    }
    let sl = 0;
    let sr = 0;
    for (let k = 0; k < phases.length; k++) {
      const dt = (f * ratios[k]!) / SR;
      const p = phases[k]!;
      const v = osc(patch.oscs[k]!.wave, p, dt) * gains[k]!;
      phases[k] = (p + dt) % 1;
      sl += v * pans[k]![0];
      sr += v * pans[k]![1];
    }
    fl.tick(sl);
    fr.tick(sr);
    let l = fl.lp;
    let r = fr.lp;
    if (drive !== 1) {
      l = Math.tanh(l * drive) / drive;
      r = Math.tanh(r * drive) / drive;
    }
    const e = envAt(patch.amp, t, gate) * amp;
    ringAdd(out.l, start + j, l * e);
    ringAdd(out.r, start + j, r * e);
  }
}

export interface FmPatch {
  /** modulator frequency ratio to the carrier */
  ratio: number;
  /** modulation index at note-on and its resting value */
  index: number;
  indexFloor: number;
  /** index decay time constant, seconds */
  indexDecay: number;
  /** optional second, high "tine" modulator (electric-piano bark) */
  tine?: { ratio: number; index: number; decay: number };
  amp: Adsr;
  /** slow stereo auto-pan (Hz, depth 0..1) */
  autopan?: { rate: number; depth: number };
  gain: number;
}

/** Renders one note of a two-operator FM voice (electric piano, bells, glassy leads). */
export function playFm(
  out: Stereo,
  patch: FmPatch,
  start: number,
  gate: number,
  freq: number,
  vel: number,
  pan: number,
  rand: Rand,
): void {
  const count = noteSamples(gate, patch.amp.r);
  let pc = rand();
  let pm = rand();
  let pt = rand();
  const amp = patch.gain * vel;
  const velIndex = 0.6 + 0.4 * vel;
  for (let j = 0; j < count; j++) {
    const t = j / SR;
    const index = (patch.indexFloor + (patch.index - patch.indexFloor) * Math.exp(-t / patch.indexDecay)) * velIndex;
    let mod = index * Math.sin(2 * Math.PI * pm);
    if (patch.tine) mod += patch.tine.index * Math.exp(-t / patch.tine.decay) * Math.sin(2 * Math.PI * pt);
    const v = Math.sin(2 * Math.PI * pc + mod);
    pc = (pc + freq / SR) % 1;
    pm = (pm + (freq * patch.ratio) / SR) % 1;
    if (patch.tine) pt = (pt + (freq * patch.tine.ratio) / SR) % 1;
    let p = pan;
    if (patch.autopan) p += patch.autopan.depth * Math.sin(2 * Math.PI * patch.autopan.rate * t);
    const [gl, gr] = panGains(p);
    const e = envAt(patch.amp, t, gate) * amp;
    ringAdd(out.l, start + j, v * e * gl);
    ringAdd(out.r, start + j, v * e * gr);
  }
}

// ---------------------------------------------------------------- drums

/** Kick: a sine swept from ~150 Hz down to ~45 Hz, with a short filtered-noise click. */
export function kick(
  out: Stereo,
  start: number,
  vel: number,
  rand: Rand,
  opts: { punch?: number; decay?: number } = {},
) {
  const dur = 0.55;
  const count = Math.ceil(dur * SR);
  const decay = opts.decay ?? 0.32;
  const punch = opts.punch ?? 1;
  const click = new Svf(3500, 0.7);
  let phase = 0;
  for (let j = 0; j < count; j++) {
    const t = j / SR;
    const f = 44 + 120 * Math.exp(-t / 0.03) + 40 * Math.exp(-t / 0.006);
    phase += f / SR;
    const atk = Math.min(1, t / 0.0015);
    const tail = t > dur - 0.05 ? (dur - t) / 0.05 : 1;
    const body = Math.sin(2 * Math.PI * phase) * Math.exp(-t / decay) * atk * tail;
    click.tick(rand() * 2 - 1);
    const c = click.lp * Math.exp(-t / 0.004) * 0.6 * punch;
    const v = Math.tanh((body + c) * 1.4) * vel * 0.9;
    ringAdd(out.l, start + j, v);
    ringAdd(out.r, start + j, v);
  }
}

/** Snare: a pitched body (~185 Hz) plus band-passed noise. `tone` 0..1 leans towards the body. */
export function snare(
  out: Stereo,
  start: number,
  vel: number,
  rand: Rand,
  opts: { tone?: number; decay?: number } = {},
) {
  const decay = opts.decay ?? 0.13;
  const tone = opts.tone ?? 0.45;
  const dur = decay * 5;
  const count = Math.ceil(dur * SR);
  const bp = new Svf(2800, 0.6);
  const hp = new Svf(900, 0.7);
  let phase = 0;
  for (let j = 0; j < count; j++) {
    const t = j / SR;
    const f = 180 + 60 * Math.exp(-t / 0.02);
    phase += f / SR;
    const atk = Math.min(1, t / 0.001);
    const tail = (1 - t / dur) ** 2;
    const body = Math.sin(2 * Math.PI * phase) * Math.exp(-t / 0.06) * tone;
    const n = rand() * 2 - 1;
    bp.tick(n);
    hp.tick(bp.bp + n * 0.3);
    const noise = hp.hp * Math.exp(-t / decay) * (1 - tone * 0.5) * 1.6;
    const v = (body + noise) * atk * tail * vel * 0.7;
    ringAdd(out.l, start + j, v * 0.97);
    ringAdd(out.r, start + j, v);
  }
}

/** Clap: three quick noise bursts then a short band-passed tail. */
export function clap(out: Stereo, start: number, vel: number, rand: Rand) {
  const dur = 0.35;
  const count = Math.ceil(dur * SR);
  const bp = new Svf(1300, 1.4);
  for (let j = 0; j < count; j++) {
    const t = j / SR;
    let e = 0;
    for (const off of [0, 0.011, 0.023]) {
      if (t >= off) e = Math.max(e, Math.exp(-(t - off) / (off === 0.023 ? 0.11 : 0.006)));
    }
    const atk = Math.min(1, t / 0.0007);
    const tail = (1 - t / dur) ** 2;
    bp.tick(rand() * 2 - 1);
    const v = bp.bp * e * atk * tail * vel * 1.6;
    ringAdd(out.l, start + j, v);
    ringAdd(out.r, start + j, v * 0.95);
  }
}

/** 808-style metallic hat: six square waves at inharmonic ratios plus noise, high-passed. */
export function hat(
  out: Stereo,
  start: number,
  vel: number,
  rand: Rand,
  opts: { decay?: number; pan?: number; cutoff?: number } = {},
) {
  const decay = opts.decay ?? 0.035;
  const dur = Math.min(1.2, decay * 6);
  const count = Math.ceil(dur * SR);
  const hp = new Svf(opts.cutoff ?? 7200, 0.8);
  const hp2 = new Svf(opts.cutoff ?? 7200, 0.8);
  const ratios = [2, 3, 4.16, 5.43, 6.79, 8.21];
  const phases = ratios.map(() => rand());
  const [gl, gr] = panGains(opts.pan ?? 0);
  for (let j = 0; j < count; j++) {
    const t = j / SR;
    let metal = 0;
    for (let k = 0; k < ratios.length; k++) {
      phases[k] = (phases[k]! + (ratios[k]! * 205) / SR) % 1;
      metal += phases[k]! < 0.5 ? 1 : -1;
    }
    const n = rand() * 2 - 1;
    hp.tick(metal * 0.08 + n * 0.7);
    hp2.tick(hp.hp);
    const atk = Math.min(1, t / 0.0008);
    const tail = (1 - t / dur) ** 2;
    const v = hp2.hp * Math.exp(-t / decay) * atk * tail * vel * 0.5;
    ringAdd(out.l, start + j, v * gl);
    ringAdd(out.r, start + j, v * gr);
  }
}

/** Crash cymbal: long metallic noise wash. */
export function crash(out: Stereo, start: number, vel: number, rand: Rand) {
  const dur = 2.6;
  const count = Math.ceil(dur * SR);
  const hpl = new Svf(4200, 0.7);
  const hpr = new Svf(4200, 0.7);
  const ratios = [2, 3, 4.16, 5.43, 6.79, 8.21, 9.6, 11.3];
  const phases = ratios.map(() => rand());
  for (let j = 0; j < count; j++) {
    const t = j / SR;
    let metal = 0;
    for (let k = 0; k < ratios.length; k++) {
      phases[k] = (phases[k]! + (ratios[k]! * 311) / SR) % 1;
      metal += phases[k]! < 0.5 ? 1 : -1;
    }
    hpl.tick(metal * 0.05 + (rand() * 2 - 1) * 0.7);
    hpr.tick(metal * 0.05 + (rand() * 2 - 1) * 0.7);
    const atk = Math.min(1, t / 0.002);
    const e = (Math.exp(-t / 0.7) * 0.8 + Math.exp(-t / 0.05) * 0.4) * atk * (1 - t / dur) ** 2 * vel * 0.45;
    ringAdd(out.l, start + j, hpl.hp * e);
    ringAdd(out.r, start + j, hpr.hp * e);
  }
}

/** Noise riser: band-passed noise sweeping up over `dur` seconds, swelling in, ending softly. */
export function riser(out: Stereo, start: number, dur: number, vel: number, rand: Rand) {
  const count = Math.ceil(dur * SR);
  const bl = new Svf(400, 1.2);
  const br = new Svf(400, 1.2);
  for (let j = 0; j < count; j++) {
    const x = j / count;
    if ((j & 15) === 0) {
      const c = 300 * 2 ** (x * 4.8);
      bl.set(c, 1.3);
      br.set(c, 1.3);
    }
    bl.tick(rand() * 2 - 1);
    br.tick(rand() * 2 - 1);
    const fadeOut = x > 0.97 ? (1 - x) / 0.03 : 1;
    const e = x * x * fadeOut * vel * 0.5;
    ringAdd(out.l, start + j, bl.bp * e);
    ringAdd(out.r, start + j, br.bp * e);
  }
}
