/** Spec 1 §9: background music at volume 0.4, looping through the list. */
export const BGM_VOLUME = 0.4;

export interface AudioLike {
  src: string;
  volume: number;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error', listener: () => void): void;
}

/**
 * Plays the background-music list in a loop. Browsers refuse sound before the visitor has
 * interacted with the page, so nothing plays until `unlock()` (first click or key press).
 */
export class BgmPlayer {
  private audio: AudioLike | null = null;
  private tracks: string[] = [];
  private index = 0;
  private enabled = false;
  private unlocked = false;
  private failures = 0;

  constructor(private readonly createAudio: () => AudioLike = () => new Audio()) {}

  setTracks(links: readonly string[]): void {
    const next = links.filter(Boolean);
    if (next.join('\n') === this.tracks.join('\n')) return;
    this.tracks = next;
    this.index = 0;
    this.failures = 0;
    if (this.audio) this.audio.src = '';
    this.sync();
  }

  setEnabled(on: boolean): void {
    this.enabled = on;
    this.sync();
  }

  unlock(): void {
    this.unlocked = true;
    this.sync();
  }

  private element(): AudioLike {
    if (!this.audio) {
      const audio = this.createAudio();
      audio.volume = BGM_VOLUME;
      audio.addEventListener('ended', () => {
        this.failures = 0;
        this.advance();
      });
      // A missing file skips to the next one; once every track failed in a row, stop trying.
      audio.addEventListener('error', () => {
        if (++this.failures < this.tracks.length) this.advance();
      });
      this.audio = audio;
    }
    return this.audio;
  }

  private advance(): void {
    this.index = (this.index + 1) % Math.max(1, this.tracks.length);
    if (this.audio) this.audio.src = '';
    this.sync();
  }

  private sync(): void {
    const track = this.tracks[this.index];
    if (!this.enabled || !this.unlocked || !track || this.failures >= this.tracks.length) {
      if (this.audio && !this.audio.paused) this.audio.pause();
      return;
    }
    const audio = this.element();
    if (!audio.src.endsWith(track)) audio.src = track;
    if (audio.paused) audio.play().catch(() => undefined);
  }
}
