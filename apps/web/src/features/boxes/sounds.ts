import { getAudioPrefs } from '../../lib/audio-prefs.ts';

/**
 * The reel's sounds, made with oscillators: a short click per tile passing the marker and a
 * rising chime on landing. No files to load, and nothing plays when the effects switch is off.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (!getAudioPrefs().effects) return null;
  const Ctor = globalThis.AudioContext;
  if (typeof Ctor !== 'function') return null;
  try {
    context ??= new Ctor();
    // Created before the first click, the context starts suspended; a click has happened by now.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    return context;
  } catch {
    return null;
  }
}

function tone(ctx: AudioContext, type: OscillatorType, freq: number, startS: number, lengthS: number, volume: number) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, startS);
  gain.gain.setValueAtTime(0.0001, startS);
  gain.gain.exponentialRampToValueAtTime(volume, startS + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, startS + lengthS);
  osc.connect(gain).connect(ctx.destination);
  osc.start(startS);
  osc.stop(startS + lengthS + 0.02);
}

export function playTick(): void {
  const ctx = audio();
  if (!ctx) return;
  tone(ctx, 'square', 1800, ctx.currentTime, 0.03, 0.04);
}

/** Rarer drops get a longer, higher chord. */
export function playReveal(quality: number): void {
  const ctx = audio();
  if (!ctx) return;
  const base = 440 * 2 ** (Math.min(Math.max(quality, 0), 7) / 12);
  const notes = quality >= 5 ? [1, 1.25, 1.5, 2] : quality >= 3 ? [1, 1.25, 1.5] : [1, 1.5];
  notes.forEach((ratio, i) => {
    tone(ctx, 'triangle', base * ratio, ctx.currentTime + i * 0.09, 0.45, 0.12);
  });
}
