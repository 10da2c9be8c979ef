/**
 * Arrangement helpers: a loop of N bars at a tempo, buses to play instruments into, and a
 * mixer with shared echo and reverb sends.
 */
import {
  melody,
  melodyBeats,
  mixInto,
  mtof,
  type NoteEvent,
  prng,
  SR,
  type Stereo,
  stereo,
  midi as toMidi,
} from './dsp.ts';
import { duckCurve, filterBus, type MasterReport, master, pingPong, reverb } from './effects.ts';
import { type FmPatch, playFm, playSynth, type Rand, type SynthPatch } from './instruments.ts';

export class Loop {
  readonly n: number;
  readonly beats: number;
  readonly rand: Rand;

  constructor(
    readonly bpm: number,
    readonly bars: number,
    seed: number,
  ) {
    this.beats = bars * 4;
    this.n = Math.round(((this.beats * 60) / bpm) * SR);
    this.rand = prng(seed);
  }

  /** beat → sample index */
  at(beat: number): number {
    return Math.round(((beat * 60) / this.bpm) * SR);
  }

  /** beats → seconds */
  sec(beats: number): number {
    return (beats * 60) / this.bpm;
  }

  bus(): Stereo {
    return stereo(this.n);
  }

  /** A melody line that must fill exactly `beats` beats (catches typos in the score). */
  line(text: string, startBeat: number, beats: number): NoteEvent[] {
    const len = melodyBeats(text);
    if (Math.abs(len - beats) > 1e-9) throw new Error(`melody spans ${len} beats, expected ${beats}: ${text}`);
    return melody(text, startBeat);
  }

  synth(bus: Stereo, patch: SynthPatch, events: readonly NoteEvent[], opts: NoteOpts = {}): void {
    for (const e of events) {
      const gate = this.sec(e.len) * (opts.legato ?? 0.92);
      const f = mtof(e.midi + (opts.transpose ?? 0));
      playSynth(bus, patch, this.at(e.beat) + (opts.offset ?? 0), gate, f, e.vel, opts.pan ?? 0, this.rand);
    }
  }

  fm(bus: Stereo, patch: FmPatch, events: readonly NoteEvent[], opts: NoteOpts = {}): void {
    for (const e of events) {
      const gate = this.sec(e.len) * (opts.legato ?? 0.92);
      const f = mtof(e.midi + (opts.transpose ?? 0));
      playFm(bus, patch, this.at(e.beat) + (opts.offset ?? 0), gate, f, e.vel, opts.pan ?? 0, this.rand);
    }
  }
}

export interface NoteOpts {
  transpose?: number;
  /** fraction of the written length actually held */
  legato?: number;
  pan?: number;
  /** shift in samples (strums, humanising) */
  offset?: number;
}

/** Chord notes as events: every note of `notes` at `beat` for `len` beats. */
export function chord(notes: readonly string[], beat: number, len: number, vel = 1): NoteEvent[] {
  return notes.map((n) => ({ beat, len, midi: toMidi(n), vel }));
}

export interface Channel {
  bus: Stereo;
  gain: number;
  /** side-chain gain curve (from duckCurve) */
  duck?: Float32Array;
  /** send levels to the shared reverb and echo */
  reverb?: number;
  echo?: number;
}

export interface MixSettings {
  echoBeats: number;
  echoFeedback: number;
  echoTone?: number;
  echoReturn: number;
  reverbSize: number;
  reverbDamp: number;
  reverbReturn: number;
  targetRmsDb?: number;
}

export interface MixResult {
  mix: Stereo;
  report: MasterReport;
}

/** Sums the channels, runs the echo and reverb sends, and masters the result. */
export function mixdown(loop: Loop, channels: readonly Channel[], s: MixSettings): MixResult {
  const dry = loop.bus();
  const revSend = loop.bus();
  const echoSend = loop.bus();
  for (const [i, ch] of channels.entries()) {
    if (process.env.BGM_DEBUG) {
      let e = 0;
      for (let k = 0; k < loop.n; k++) e += (ch.bus.l[k]! ** 2 + ch.bus.r[k]! ** 2) * ch.gain ** 2;
      console.log(`  channel ${i}: ${(10 * Math.log10(e / (2 * loop.n))).toFixed(1)} dB`);
    }
    mixInto(dry, ch.bus, ch.gain, ch.duck);
    if (ch.reverb) mixInto(revSend, ch.bus, ch.gain * ch.reverb, ch.duck);
    if (ch.echo) mixInto(echoSend, ch.bus, ch.gain * ch.echo, ch.duck);
  }
  const echo = pingPong(echoSend, loop.sec(s.echoBeats), s.echoFeedback, s.echoTone ?? 3500);
  mixInto(dry, echo, s.echoReturn);
  mixInto(revSend, echo, s.echoReturn * 0.4);
  const wet = reverb(revSend, s.reverbSize, s.reverbDamp);
  mixInto(dry, wet, s.reverbReturn);
  const report = master(dry, s.targetRmsDb ?? -17);
  return { mix: dry, report };
}

export { duckCurve, filterBus };
