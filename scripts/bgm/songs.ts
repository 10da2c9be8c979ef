/**
 * The three background-music loops, composed here note by note. Original work of the
 * Kaixiang project: no samples, no third-party material, free to ship.
 */
import { type Channel, chord, duckCurve, filterBus, Loop, type MixResult, mixdown } from './arrange.ts';
import { saturate } from './effects.ts';
import { clap, crash, type FmPatch, hat, kick, riser, type SynthPatch, snare } from './instruments.ts';

export interface Song {
  file: string;
  title: string;
  describe: string;
  render(): { loop: Loop } & MixResult;
}

/** Repeats a per-bar pattern of [beatInBar, lengthInBeats, semitoneOffset, vel] over roots. */
function bassLine(roots: readonly string[], pattern: readonly [number, number, number, number][]): string[] {
  // Built as melody tokens so the same parser (and its length check) applies.
  const tokens: string[] = [];
  for (const root of roots) {
    let pos = 0;
    for (const [beat, len, semis, vel] of pattern) {
      if (beat > pos) tokens.push(`-:${beat - pos}`);
      tokens.push(`${transposeName(root, semis)}:${len}@${vel}`);
      pos = beat + len;
    }
    if (pos < 4) tokens.push(`-:${4 - pos}`);
  }
  return tokens;
}

const NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
function transposeName(name: string, semis: number): string {
  const m = /^([A-G])(#|b)?(-?\d)$/.exec(name)!;
  const base = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }[m[1] as 'C']!;
  const midi = 12 * (Number(m[3]) + 1) + base + (m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0) + semis;
  return `${NAMES[midi % 12]}${Math.floor(midi / 12) - 1}`;
}

/** An arpeggio: 16th notes walking `pattern` indices over each bar's chord tones. */
function arp(chords: readonly (readonly string[])[], pattern: readonly number[], vel = 1): string {
  const out: string[] = [];
  chords.forEach((tones, bar) => {
    for (let step = 0; step < 16; step++) {
      const idx = pattern[(bar * 16 + step) % pattern.length]!;
      const accent = step % 4 === 0 ? 1 : step % 2 === 0 ? 0.8 : 0.65;
      out.push(`${tones[idx % tones.length]}:0.25@${(vel * accent).toFixed(2)}`);
    }
  });
  return out.join(' ');
}

// ------------------------------------------------------------------ patches

const superSawPad = (cutoff: number, attack: number): SynthPatch => ({
  oscs: [
    { wave: 'saw', detune: -14, pan: -0.7, gain: 0.6 },
    { wave: 'saw', detune: -5, pan: -0.25, gain: 0.8 },
    { wave: 'saw', detune: 5, pan: 0.25, gain: 0.8 },
    { wave: 'saw', detune: 14, pan: 0.7, gain: 0.6 },
    { wave: 'sine', octave: -1, gain: 0.15 },
  ],
  amp: { a: attack, d: 1.2, s: 0.8, r: 0.7 },
  cutoff,
  q: 0.8,
  gain: 0.2,
});

const pluck: SynthPatch = {
  oscs: [
    { wave: 'saw', detune: -4, pan: -0.2 },
    { wave: 'square', detune: 4, pan: 0.2, gain: 0.5 },
  ],
  amp: { a: 0.002, d: 0.12, s: 0, r: 0.08 },
  cutoff: 700,
  q: 1.6,
  filterEnv: { octaves: 3, decay: 0.07 },
  keyTrack: 0.5,
  gain: 0.35,
};

const synthBass: SynthPatch = {
  oscs: [
    { wave: 'saw', gain: 0.8 },
    { wave: 'square', detune: 3, gain: 0.35 },
    { wave: 'sine', octave: -1, gain: 0.5 },
  ],
  amp: { a: 0.004, d: 0.18, s: 0.65, r: 0.04 },
  cutoff: 260,
  q: 1.1,
  filterEnv: { octaves: 2.4, decay: 0.09 },
  drive: 1.6,
  gain: 0.6,
};

const synthLead: SynthPatch = {
  oscs: [
    { wave: 'saw', detune: -7, pan: -0.3 },
    { wave: 'saw', detune: 7, pan: 0.3 },
    { wave: 'square', octave: -1, gain: 0.35 },
  ],
  amp: { a: 0.012, d: 0.35, s: 0.7, r: 0.14 },
  cutoff: 1500,
  q: 1.2,
  filterEnv: { octaves: 1.4, decay: 0.25 },
  keyTrack: 0.4,
  vibrato: { rate: 5.5, cents: 14, delay: 0.22 },
  gain: 0.32,
};

// ------------------------------------------------------------------ 1. Neon Crate

/**
 * Neon Crate — A minor synthwave, 120 bpm, 16 bars (32 s).
 * Am | Am | F | F | C | C | G | G, twice; the second pass lifts the lead an octave.
 */
function neonCrate(): ReturnType<Song['render']> {
  const loop = new Loop(120, 16, 0x0e0c4a7e);
  const prog = ['Am', 'Am', 'F', 'F', 'C', 'C', 'G', 'G', 'Am', 'Am', 'F', 'F', 'C', 'C', 'G', 'G'] as const;
  const pad: Record<(typeof prog)[number], string[]> = {
    Am: ['A3', 'C4', 'E4', 'G4'],
    F: ['F3', 'A3', 'C4', 'E4'],
    C: ['G3', 'C4', 'E4', 'G4'],
    G: ['G3', 'B3', 'D4', 'G4'],
  };
  const arpTones: Record<(typeof prog)[number], string[]> = {
    Am: ['A4', 'C5', 'E5', 'A5'],
    F: ['F4', 'A4', 'C5', 'F5'],
    C: ['E4', 'G4', 'C5', 'E5'],
    G: ['D4', 'G4', 'B4', 'D5'],
  };
  const root: Record<(typeof prog)[number], string> = { Am: 'A1', F: 'F1', C: 'C2', G: 'G1' };

  // pads: one chord per two bars
  const padBus = loop.bus();
  for (let bar = 0; bar < 16; bar += 2)
    loop.synth(padBus, superSawPad(1500, 0.35), chord(pad[prog[bar]!], bar * 4, 8), { legato: 0.97 });

  // bass: driving eighths with octave pops
  const bassBus = loop.bus();
  const bassPattern: [number, number, number, number][] = [
    [0, 0.5, 0, 1],
    [0.5, 0.5, 0, 0.7],
    [1, 0.5, 12, 0.85],
    [1.5, 0.5, 0, 0.7],
    [2, 0.5, 0, 0.95],
    [2.5, 0.5, 0, 0.7],
    [3, 0.5, 12, 0.85],
    [3.5, 0.5, 0, 0.75],
  ];
  loop.synth(
    bassBus,
    synthBass,
    loop.line(
      bassLine(
        prog.map((c) => root[c]),
        bassPattern,
      ).join(' '),
      0,
      64,
    ),
    { legato: 0.8 },
  );

  // arpeggio, sixteenths; an up-down figure of six against the bar's sixteen
  const arpBus = loop.bus();
  loop.synth(
    arpBus,
    pluck,
    loop.line(
      arp(
        prog.map((c) => arpTones[c]),
        [0, 1, 2, 3, 2, 1],
        0.9,
      ),
      0,
      64,
    ),
    { legato: 0.6 },
  );

  // lead melody
  const leadA = [
    'A4:0.5 C5:0.5 E5:1 D5:0.5 C5:0.5 D5:1',
    'E5:1.5 G5:0.5 E5:1 -:1',
    'F5:0.5 E5:0.5 C5:1 A4:1 C5:1',
    'D5:1.5 C5:0.5 A4:2',
    'G4:0.5 C5:0.5 E5:1 G5:1 E5:1',
    'D5:1 E5:1 C5:2',
    'B4:0.5 D5:0.5 G5:1 F5:0.5 E5:0.5 D5:1',
    'B4:2 D5:1 -:1',
  ].join(' ');
  const leadB = [
    'A5:1 G5:0.5 E5:0.5 -:0.5 E5:0.5 G5:0.5 A5:0.5',
    'C6:1.5 B5:0.5 A5:1 E5:1',
    'F5:1 A5:1 C6:1 A5:1',
    'G5:1.5 F5:0.5 E5:1 C5:1',
    'E5:0.5 G5:0.5 C6:1 B5:0.5 C6:0.5 D6:1',
    'E6:2 D6:1 C6:1',
    'B5:1 G5:1 D5:1 G5:1',
    'B5:1.5 A5:0.5 G5:1 D5:1',
  ].join(' ');
  const leadBus = loop.bus();
  loop.synth(leadBus, synthLead, [...loop.line(leadA, 0, 32), ...loop.line(leadB, 32, 32)], { legato: 0.9 });

  // drums
  const kickBus = loop.bus();
  const snareBus = loop.bus();
  const hatBus = loop.bus();
  const kicks: number[] = [];
  for (let bar = 0; bar < 16; bar++) {
    for (let b = 0; b < 4; b++) {
      const beat = bar * 4 + b;
      kicks.push(loop.at(beat));
      kick(kickBus, loop.at(beat), b === 0 ? 1 : 0.9, loop.rand);
      if (b === 1 || b === 3) snare(snareBus, loop.at(beat), 0.85, loop.rand);
      hat(hatBus, loop.at(beat + 0.5), 0.75, loop.rand, { pan: 0.25 });
      hat(hatBus, loop.at(beat), 0.3, loop.rand, { pan: 0.25 });
      if (bar >= 8) {
        hat(hatBus, loop.at(beat + 0.25), 0.22, loop.rand, { pan: -0.3 });
        hat(hatBus, loop.at(beat + 0.75), 0.25, loop.rand, { pan: -0.3 });
      }
    }
    if (bar % 4 === 3) hat(hatBus, loop.at(bar * 4 + 3.5), 0.5, loop.rand, { decay: 0.16, pan: 0.2 });
  }
  // snare fill into the top of the loop
  for (const [i, b] of [3.25, 3.5, 3.75].entries()) snare(snareBus, loop.at(60 + b), 0.45 + 0.15 * i, loop.rand);
  crash(hatBus, 0, 0.7, loop.rand);
  crash(hatBus, loop.at(32), 0.55, loop.rand);
  saturate(kickBus, 1.2);

  const channels: Channel[] = [
    { bus: kickBus, gain: 0.6 },
    { bus: snareBus, gain: 1.4, reverb: 0.45 },
    { bus: hatBus, gain: 1.5, reverb: 0.1 },
    { bus: bassBus, gain: 0.9, duck: duckCurve(loop.n, kicks, 0.4, 0.1) },
    { bus: padBus, gain: 0.5, duck: duckCurve(loop.n, kicks, 0.6, 0.14), reverb: 0.3 },
    { bus: arpBus, gain: 0.65, duck: duckCurve(loop.n, kicks, 0.35, 0.1), echo: 0.45, reverb: 0.15 },
    { bus: leadBus, gain: 0.75, echo: 0.3, reverb: 0.3 },
  ];
  return {
    loop,
    ...mixdown(loop, channels, {
      echoBeats: 0.75,
      echoFeedback: 0.38,
      echoReturn: 0.5,
      reverbSize: 0.82,
      reverbDamp: 0.45,
      reverbReturn: 0.9,
      targetRmsDb: -17.5,
    }),
  };
}

// ------------------------------------------------------------------ 2. Midnight Drop

const ePiano: FmPatch = {
  ratio: 1,
  index: 1.7,
  indexFloor: 0.25,
  indexDecay: 0.45,
  tine: { ratio: 14, index: 0.55, decay: 0.025 },
  amp: { a: 0.003, d: 1.6, s: 0, r: 0.3 },
  autopan: { rate: 3.2, depth: 0.35 },
  gain: 0.2,
};

const glassLead: SynthPatch = {
  oscs: [
    { wave: 'tri', detune: -4, pan: -0.15 },
    { wave: 'tri', detune: 4, pan: 0.15 },
    { wave: 'sine', octave: 1, gain: 0.18 },
  ],
  amp: { a: 0.025, d: 0.6, s: 0.65, r: 0.35 },
  cutoff: 2600,
  q: 0.8,
  vibrato: { rate: 4.8, cents: 16, delay: 0.3 },
  gain: 0.4,
};

const subBass: SynthPatch = {
  oscs: [
    { wave: 'sine', gain: 1 },
    { wave: 'tri', gain: 0.35 },
    { wave: 'saw', gain: 0.12 },
  ],
  amp: { a: 0.012, d: 0.7, s: 0.6, r: 0.12 },
  cutoff: 420,
  q: 0.8,
  gain: 0.75,
};

/**
 * Midnight Drop — D minor, 80 bpm, 8 bars (24 s), lo-fi swing.
 * Dm9 | Bbmaj9 | Gm9 | A7 | Dm9 | Bbmaj9 | Ebmaj7 | A7(b9).
 */
function midnightDrop(): ReturnType<Song['render']> {
  const loop = new Loop(80, 8, 0x3d1d4a17);
  const voicings = [
    ['F3', 'A3', 'C4', 'E4'], // Dm9 (rootless)
    ['D3', 'F3', 'A3', 'C4'], // Bbmaj9
    ['F3', 'A3', 'Bb3', 'D4'], // Gm9
    ['E3', 'G3', 'C#4', 'E4'], // A7
    ['F3', 'A3', 'C4', 'E4'],
    ['D3', 'F3', 'A3', 'C4'],
    ['D3', 'G3', 'Bb3', 'D4'], // Ebmaj7
    ['G3', 'Bb3', 'C#4', 'E4'], // A7(b9)
  ];
  const roots = ['D2', 'Bb1', 'G1', 'A1', 'D2', 'Bb1', 'Eb2', 'A1'];
  const padTones = [
    ['D3', 'A3', 'F4'],
    ['Bb2', 'F3', 'D4'],
    ['G2', 'D3', 'Bb3'],
    ['A2', 'E3', 'C#4'],
    ['D3', 'A3', 'F4'],
    ['Bb2', 'F3', 'D4'],
    ['Eb3', 'Bb3', 'G4'],
    ['A2', 'E3', 'C#4'],
  ];

  // electric piano: two strummed hits a bar
  const epBus = loop.bus();
  voicings.forEach((v, bar) => {
    const hits: [number, number, number][] = [
      [0, 2.2, 0.85],
      [2.5, 1.3, 0.7],
    ];
    if (bar % 2 === 1) hits.push([3.75, 0.25, 0.45]);
    for (const [b, len, vel] of hits) {
      v.forEach((note, k) => {
        loop.fm(epBus, ePiano, chord([note], bar * 4 + b, len, vel * (0.85 + 0.05 * k)), {
          offset: Math.round(k * 0.011 * 44100),
          legato: 1,
        });
      });
    }
  });

  // warm, dark pad underneath
  const padBus = loop.bus();
  padTones.forEach((tones, bar) => {
    loop.synth(padBus, superSawPad(650, 1.1), chord(tones, bar * 4, 4), { legato: 1 });
  });

  // sub bass, hip-hop phrasing
  const bassBus = loop.bus();
  const pattern: [number, number, number, number][] = [
    [0, 1.25, 0, 1],
    [1.75, 0.5, 0, 0.6],
    [2.5, 0.9, 0, 0.85],
    [3.5, 0.4, 12, 0.55],
  ];
  loop.synth(bassBus, subBass, loop.line(bassLine(roots, pattern).join(' '), 0, 32), { legato: 0.9 });

  // lead: sparse, lots of echo
  const lead = [
    '-:1 A4:0.5 C5:0.5 E5:1.5 D5:0.5',
    'F5:1 D5:1 -:0.5 C5:0.5 A4:1',
    'Bb4:1.5 A4:0.5 G4:1 D5:1',
    'E5:1 C#5:1 A4:2',
    '-:0.5 D5:0.5 F5:0.5 A5:0.5 G5:1 F5:1',
    'E5:1.5 D5:0.5 F5:1 D5:1',
    'G5:1 F5:0.5 D5:0.5 Bb4:1 D5:1',
    'C#5:2 -:0.5 A4:0.5 E5:1',
  ].join(' ');
  const leadBus = loop.bus();
  loop.synth(leadBus, glassLead, loop.line(lead, 0, 32), { legato: 0.85 });

  // drums, swung
  const swing = 0.07;
  const drumBus = loop.bus();
  const kicks: number[] = [];
  for (let bar = 0; bar < 8; bar++) {
    const o = bar * 4;
    const kickBeats: [number, number][] = [
      [0, 1],
      [0.75 + swing, 0.45],
      [2.5, 0.85],
    ];
    if (bar % 2 === 1) kickBeats.push([3.25 + swing, 0.4]);
    for (const [b, vel] of kickBeats) {
      kicks.push(loop.at(o + b));
      kick(drumBus, loop.at(o + b), vel * 0.6, loop.rand, { decay: 0.28, punch: 0.5 });
    }
    snare(drumBus, loop.at(o + 1), 0.8, loop.rand, { tone: 0.6, decay: 0.1 });
    snare(drumBus, loop.at(o + 3), 0.8, loop.rand, { tone: 0.6, decay: 0.1 });
    for (let s = 0; s < 8; s++) {
      const b = s * 0.5 + (s % 2 === 1 ? swing * 2 : 0);
      hat(drumBus, loop.at(o + b), s % 2 === 0 ? 0.75 : 0.55, loop.rand, { pan: 0.3, cutoff: 6500 });
    }
    if (bar === 7) snare(drumBus, loop.at(o + 3.75), 0.3, loop.rand, { tone: 0.6, decay: 0.08 });
  }
  filterBus(drumBus, 'lp', 6500);

  const channels: Channel[] = [
    { bus: drumBus, gain: 0.8, reverb: 0.12 },
    { bus: bassBus, gain: 0.52, duck: duckCurve(loop.n, kicks, 0.25, 0.12) },
    { bus: epBus, gain: 1.15, reverb: 0.3, echo: 0.1 },
    { bus: padBus, gain: 0.38, duck: duckCurve(loop.n, kicks, 0.3, 0.2), reverb: 0.4 },
    { bus: leadBus, gain: 0.62, echo: 0.5, reverb: 0.45 },
  ];
  return {
    loop,
    ...mixdown(loop, channels, {
      echoBeats: 0.75,
      echoFeedback: 0.45,
      echoTone: 2400,
      echoReturn: 0.55,
      reverbSize: 0.88,
      reverbDamp: 0.65,
      reverbReturn: 1,
      targetRmsDb: -17.3,
    }),
  };
}

// ------------------------------------------------------------------ 3. Gold Rush

const brassLead: SynthPatch = {
  oscs: [
    { wave: 'saw', detune: -9, pan: -0.35 },
    { wave: 'saw', detune: 0 },
    { wave: 'saw', detune: 9, pan: 0.35 },
    { wave: 'square', octave: -1, gain: 0.3 },
  ],
  amp: { a: 0.025, d: 0.4, s: 0.78, r: 0.12 },
  cutoff: 1300,
  q: 0.9,
  filterEnv: { octaves: 1.7, decay: 0.35, attack: 0.045 },
  keyTrack: 0.5,
  vibrato: { rate: 5.6, cents: 13, delay: 0.25 },
  drive: 1.3,
  gain: 0.26,
};

const stab: SynthPatch = {
  ...superSawPad(1000, 0.004),
  amp: { a: 0.004, d: 0.16, s: 0.35, r: 0.09 },
  filterEnv: { octaves: 2.2, decay: 0.1 },
  q: 1,
  gain: 0.2,
};

const bell: FmPatch = {
  ratio: 3.5,
  index: 2.2,
  indexFloor: 0.2,
  indexDecay: 0.18,
  amp: { a: 0.002, d: 0.5, s: 0, r: 0.2 },
  gain: 0.16,
};

/**
 * Gold Rush — D major, 128 bpm, 16 bars (30 s): four-on-the-floor, brass lead, offbeat stabs.
 * D A Bm G D A G A | Bm G D A G A Bb C — the closing ♭VI–♭VII lands back on D at the top.
 */
function goldRush(): ReturnType<Song['render']> {
  const loop = new Loop(128, 16, 0x601d4a5b);
  const prog = ['D', 'A', 'Bm', 'G', 'D', 'A', 'G', 'A', 'Bm', 'G', 'D', 'A', 'G', 'A', 'Bb', 'C'] as const;
  const voicing: Record<(typeof prog)[number], string[]> = {
    D: ['D3', 'F#3', 'A3', 'D4'],
    A: ['C#3', 'E3', 'A3', 'C#4'],
    Bm: ['D3', 'F#3', 'B3', 'D4'],
    G: ['D3', 'G3', 'B3', 'D4'],
    Bb: ['D3', 'F3', 'Bb3', 'D4'],
    C: ['E3', 'G3', 'C4', 'E4'],
  };
  const root: Record<(typeof prog)[number], string> = { D: 'D2', A: 'A1', Bm: 'B1', G: 'G1', Bb: 'Bb1', C: 'C2' };
  const bellTones: Record<(typeof prog)[number], string[]> = {
    D: ['D6', 'A5', 'F#6', 'A5'],
    A: ['C#6', 'A5', 'E6', 'A5'],
    Bm: ['D6', 'B5', 'F#6', 'B5'],
    G: ['D6', 'B5', 'G6', 'B5'],
    Bb: ['D6', 'Bb5', 'F6', 'Bb5'],
    C: ['E6', 'C6', 'G6', 'C6'],
  };

  const padBus = loop.bus();
  const stabBus = loop.bus();
  const bellBus = loop.bus();
  prog.forEach((c, bar) => {
    loop.synth(padBus, superSawPad(900, 0.2), chord(voicing[c], bar * 4, 4), { legato: 0.98 });
    for (const b of [0.5, 1.5, 2.5, 3.5])
      loop.synth(stabBus, stab, chord(voicing[c], bar * 4 + b, 0.3), { transpose: 12 });
    if (bar >= 8) {
      bellTones[c].forEach((n, k) => {
        loop.fm(bellBus, bell, chord([n], bar * 4 + k * 0.75 + (k === 3 ? 0.75 : 0), 0.5, k === 0 ? 1 : 0.7), {
          pan: k % 2 === 0 ? -0.4 : 0.4,
        });
      });
    }
  });

  const bassBus = loop.bus();
  const bassPattern: [number, number, number, number][] = [];
  for (let s = 0; s < 8; s++) bassPattern.push([s * 0.5, 0.5, s % 2 === 1 ? 12 : 0, s % 2 === 1 ? 0.8 : 1]);
  loop.synth(
    bassBus,
    synthBass,
    loop.line(
      bassLine(
        prog.map((c) => root[c]),
        bassPattern,
      ).join(' '),
      0,
      64,
    ),
    { legato: 0.75 },
  );

  const lead = [
    'D5:1.5 A4:0.5 D5:0.5 E5:0.5 F#5:1',
    'E5:1.5 C#5:0.5 A4:1 E5:1',
    'F#5:1.5 D5:0.5 B4:0.5 D5:0.5 F#5:1',
    'G5:2 F#5:1 E5:1',
    'A5:1.5 F#5:0.5 D5:0.5 F#5:0.5 A5:1',
    'C#6:1 B5:0.5 A5:0.5 E5:2',
    'B5:1 A5:1 G5:1 B5:1',
    'A5:3 -:1',
    'B5:1 F#5:0.5 D5:0.5 B4:1 D5:1',
    'G5:1.5 F#5:0.5 E5:1 D5:1',
    'F#5:1 A5:1 D6:1 A5:1',
    'C#6:1.5 B5:0.5 A5:2',
    'B5:1 D6:1 B5:1 G5:1',
    'C#6:1 E6:1 C#6:1 A5:1',
    'D6:1.5 C6:0.5 Bb5:1 F5:1',
    'E6:2 D6:0.5 C6:0.5 G5:1',
  ].join(' ');
  const leadBus = loop.bus();
  loop.synth(leadBus, brassLead, loop.line(lead, 0, 64), { legato: 0.9 });

  const kickBus = loop.bus();
  const snareBus = loop.bus();
  const hatBus = loop.bus();
  const kicks: number[] = [];
  for (let bar = 0; bar < 16; bar++) {
    for (let b = 0; b < 4; b++) {
      const beat = bar * 4 + b;
      kicks.push(loop.at(beat));
      kick(kickBus, loop.at(beat), 1, loop.rand, { punch: 1.2 });
      if (b === 1 || b === 3) {
        snare(snareBus, loop.at(beat), 0.7, loop.rand);
        clap(snareBus, loop.at(beat), 0.6, loop.rand);
      }
      hat(hatBus, loop.at(beat + 0.5), 0.55, loop.rand, { decay: 0.11, pan: 0.2 });
      hat(hatBus, loop.at(beat + 0.25), 0.2, loop.rand, { pan: -0.3 });
      hat(hatBus, loop.at(beat + 0.75), 0.24, loop.rand, { pan: -0.3 });
    }
  }
  // fills: a short one at the end of bar 8, a roll and a riser into the top of the loop
  snare(snareBus, loop.at(31.5), 0.55, loop.rand);
  snare(snareBus, loop.at(31.75), 0.7, loop.rand);
  for (let k = 0; k < 8; k++) snare(snareBus, loop.at(62 + k * 0.25), 0.3 + 0.08 * k, loop.rand, { decay: 0.09 });
  riser(hatBus, loop.at(56), loop.sec(8), 0.6, loop.rand);
  crash(hatBus, 0, 0.75, loop.rand);
  crash(hatBus, loop.at(32), 0.7, loop.rand);
  saturate(kickBus, 1.2);

  const channels: Channel[] = [
    { bus: kickBus, gain: 0.55 },
    { bus: snareBus, gain: 1.45, reverb: 0.35 },
    { bus: hatBus, gain: 1.25, reverb: 0.1 },
    { bus: bassBus, gain: 0.85, duck: duckCurve(loop.n, kicks, 0.45, 0.09) },
    { bus: padBus, gain: 0.38, duck: duckCurve(loop.n, kicks, 0.65, 0.12), reverb: 0.3 },
    { bus: stabBus, gain: 0.65, duck: duckCurve(loop.n, kicks, 0.3, 0.08), reverb: 0.2, echo: 0.15 },
    { bus: bellBus, gain: 1.4, echo: 0.4, reverb: 0.3 },
    { bus: leadBus, gain: 1.3, echo: 0.22, reverb: 0.28 },
  ];
  return {
    loop,
    ...mixdown(loop, channels, {
      echoBeats: 0.75,
      echoFeedback: 0.35,
      echoReturn: 0.45,
      reverbSize: 0.8,
      reverbDamp: 0.4,
      reverbReturn: 0.85,
      targetRmsDb: -17.6,
    }),
  };
}

export const SONGS: readonly Song[] = [
  {
    file: 'neon-crate.mp3',
    title: 'Neon Crate',
    describe: 'upbeat synthwave, A minor, 120 bpm',
    render: neonCrate,
  },
  {
    file: 'midnight-drop.mp3',
    title: 'Midnight Drop',
    describe: 'chill lo-fi, D minor, 80 bpm',
    render: midnightDrop,
  },
  {
    file: 'gold-rush.mp3',
    title: 'Gold Rush',
    describe: 'energetic and triumphant, D major, 128 bpm',
    render: goldRush,
  },
];
