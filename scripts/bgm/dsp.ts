/**
 * Small DSP toolkit for the background-music generator (scripts/make-bgm.ts).
 *
 * Everything renders into fixed-length stereo buffers that are treated as a ring: a note or
 * tail that runs past the end wraps round to the start, so every track loops seamlessly.
 * No Math.random anywhere: noise comes from a seeded PRNG, so a render is deterministic.
 */

export const SR = 44100;

export interface Stereo {
  l: Float32Array;
  r: Float32Array;
}

export function stereo(n: number): Stereo {
  return { l: new Float32Array(n), r: new Float32Array(n) };
}

/** mulberry32: tiny, fast, good enough for audio noise. Returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOTE_INDEX: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** 'A4' → 69, 'C#5' → 73, 'Bb1' → 34. */
export function midi(name: string): number {
  const m = /^([A-G])(#|b)?(-?\d)$/.exec(name);
  if (!m) throw new Error(`bad note name: ${name}`);
  const accidental = m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0;
  return 12 * (Number(m[3]) + 1) + NOTE_INDEX[m[1]!]! + accidental;
}

export const mtof = (m: number): number => 440 * 2 ** ((m - 69) / 12);
export const hz = (name: string): number => mtof(midi(name));

export interface NoteEvent {
  /** start, in beats from the top of the loop */
  beat: number;
  /** length in beats */
  len: number;
  midi: number;
  vel: number;
}

/**
 * Parses a melody line: space-separated `NOTE:BEATS` tokens, `-:BEATS` for a rest,
 * optional `@VEL` suffix (e.g. `E5:1.5@0.8`). Bar lines `|` are ignored (they only help reading).
 */
export function melody(text: string, startBeat = 0): NoteEvent[] {
  const out: NoteEvent[] = [];
  let beat = startBeat;
  for (const token of text.split(/\s+/)) {
    if (!token || token === '|') continue;
    const m = /^([A-G][#b]?-?\d|-):([\d.]+)(?:@([\d.]+))?$/.exec(token);
    if (!m) throw new Error(`bad melody token: ${token}`);
    const len = Number(m[2]);
    if (m[1] !== '-') out.push({ beat, len, midi: midi(m[1]!), vel: m[3] ? Number(m[3]) : 1 });
    beat += len;
  }
  return out;
}

/** Total length of a melody line in beats (for sanity checks against the loop length). */
export function melodyBeats(text: string): number {
  let beats = 0;
  for (const token of text.split(/\s+/)) {
    if (!token || token === '|') continue;
    beats += Number(token.split(':')[1]!.split('@')[0]);
  }
  return beats;
}

/** Equal-power pan: -1 = left, +1 = right. */
export function panGains(pan: number): [number, number] {
  const a = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4;
  return [Math.cos(a), Math.sin(a)];
}

/** PolyBLEP residual, to band-limit the saw/square discontinuities (no aliasing fizz). */
export function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

export type Wave = 'saw' | 'square' | 'sine' | 'tri';

/** One band-limited oscillator sample at phase p ∈ [0,1) with phase increment dt. */
export function osc(wave: Wave, p: number, dt: number): number {
  switch (wave) {
    case 'sine':
      return Math.sin(2 * Math.PI * p);
    case 'saw':
      return 2 * p - 1 - polyBlep(p, dt);
    case 'square': {
      let v = p < 0.5 ? 1 : -1;
      v += polyBlep(p, dt);
      v -= polyBlep((p + 0.5) % 1, dt);
      return v;
    }
    case 'tri':
      return 1 - 4 * Math.abs(p - 0.5);
  }
}

/**
 * Topology-preserving-transform state-variable filter (Zavalishin). Stable under fast
 * cutoff modulation, which the filter envelopes rely on. Outputs lp, bp and hp at once.
 */
export class Svf {
  lp = 0;
  bp = 0;
  hp = 0;
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1;

  constructor(cutoff = 1000, q = Math.SQRT1_2) {
    this.set(cutoff, q);
  }

  set(cutoff: number, q = Math.SQRT1_2): void {
    const fc = Math.max(10, Math.min(cutoff, SR * 0.45));
    const g = Math.tan((Math.PI * fc) / SR);
    this.k = 1 / q;
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  tick(v0: number): void {
    const v3 = v0 - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.lp = v2;
    this.bp = v1;
    this.hp = v0 - this.k * v1 - v2;
  }
}

export interface Adsr {
  /** attack, decay (time constant), release: seconds; sustain: level 0..1 */
  a: number;
  d: number;
  s: number;
  r: number;
}

/**
 * Envelope level at time t (s) after note-on, for a note held `gate` seconds. The attack is a
 * quarter sine and the release a squared fade that lands exactly on zero: no clicks either end.
 */
export function envAt(env: Adsr, t: number, gate: number): number {
  if (t < 0) return 0;
  const held = (x: number): number => {
    const a = Math.max(env.a, 0.002);
    if (x < a) return Math.sin(((x / a) * Math.PI) / 2);
    return env.s + (1 - env.s) * Math.exp(-(x - a) / env.d);
  };
  if (t < gate) return held(t);
  const r = Math.max(env.r, 0.005);
  const x = (t - gate) / r;
  if (x >= 1) return 0;
  return held(gate) * (1 - x) * (1 - x);
}

/** Length in samples a note occupies including its release. */
export function noteSamples(gate: number, release: number): number {
  return Math.ceil((gate + Math.max(release, 0.005)) * SR) + 1;
}

/** Adds `v` into a ring buffer at index i (wrapping). */
export function ringAdd(buf: Float32Array, i: number, v: number): void {
  const n = buf.length;
  buf[((i % n) + n) % n]! += v;
}

/** Mixes `src` into `dst` with a gain (and optional per-sample gain curve). */
export function mixInto(dst: Stereo, src: Stereo, gain: number, curve?: Float32Array): void {
  const n = dst.l.length;
  for (let i = 0; i < n; i++) {
    const g = curve ? gain * curve[i]! : gain;
    dst.l[i]! += src.l[i]! * g;
    dst.r[i]! += src.r[i]! * g;
  }
}

/**
 * Runs a stateful per-sample process over a ring buffer twice: the first lap only warms up
 * the state (filters, delay lines, reverb tails), the second writes the output. Because the
 * state at the start of lap two is what the end of the loop leaves behind, the result wraps
 * round without a seam.
 */
export function loopProcess(n: number, step: (i: number, write: boolean) => void): void {
  for (let lap = 0; lap < 2; lap++) {
    const write = lap === 1;
    for (let i = 0; i < n; i++) step(i, write);
  }
}

/** 16-bit PCM stereo WAV. */
export function encodeWav(buf: Stereo): Buffer {
  const n = buf.l.length;
  const dataBytes = n * 4;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(2, 22); // channels
  out.writeUInt32LE(SR, 24);
  out.writeUInt32LE(SR * 4, 28);
  out.writeUInt16LE(4, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  const q = (v: number) => Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
  for (let i = 0; i < n; i++) {
    out.writeInt16LE(q(buf.l[i]!), 44 + i * 4);
    out.writeInt16LE(q(buf.r[i]!), 46 + i * 4);
  }
  return out;
}
