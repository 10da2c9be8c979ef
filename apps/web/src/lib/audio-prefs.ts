import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage.ts';

/**
 * Sound switches (spec 1 §2/§3): background music and effects, both on by default, remembered.
 * Games read `effects` before playing a sound.
 */
export interface AudioPrefs {
  music: boolean;
  effects: boolean;
}

const KEYS = { music: 'audio_music', effects: 'audio_effects' } as const;

let prefs: AudioPrefs = {
  music: readStored(KEYS.music, true),
  effects: readStored(KEYS.effects, true),
};
const listeners = new Set<() => void>();

export function getAudioPrefs(): AudioPrefs {
  return prefs;
}

export function setAudioPref(name: keyof AudioPrefs, on: boolean): void {
  if (prefs[name] === on) return;
  prefs = { ...prefs, [name]: on };
  writeStored(KEYS[name], on);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAudioPrefs(): AudioPrefs {
  return useSyncExternalStore(subscribe, getAudioPrefs, getAudioPrefs);
}
