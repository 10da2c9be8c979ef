import { describe, expect, it, vi } from 'vitest';
import { type AudioLike, BGM_VOLUME, BgmPlayer } from './bgm-player.ts';

class FakeAudio implements AudioLike {
  src = '';
  volume = 1;
  paused = true;
  plays: string[] = [];
  private listeners: Record<string, (() => void)[]> = {};
  play = vi.fn(async () => {
    this.paused = false;
    this.plays.push(this.src);
  });
  pause = vi.fn(() => {
    this.paused = true;
  });
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), listener];
  }
  emit(type: 'ended' | 'error') {
    this.paused = true;
    for (const l of this.listeners[type] ?? []) l();
  }
}

function setup() {
  const audio = new FakeAudio();
  const player = new BgmPlayer(() => audio);
  player.setTracks(['/audio/a.mp3', '/audio/b.mp3']);
  player.setEnabled(true);
  return { audio, player };
}

describe('background music', () => {
  it('waits for the first interaction before playing, then plays at volume 0.4', () => {
    const { audio, player } = setup();
    expect(audio.play).not.toHaveBeenCalled();
    player.unlock();
    expect(audio.plays).toEqual(['/audio/a.mp3']);
    expect(audio.volume).toBe(BGM_VOLUME);
  });

  it('loops through the list', () => {
    const { audio, player } = setup();
    player.unlock();
    audio.emit('ended');
    audio.emit('ended');
    expect(audio.plays).toEqual(['/audio/a.mp3', '/audio/b.mp3', '/audio/a.mp3']);
  });

  it('pauses when switched off and resumes when switched on', () => {
    const { audio, player } = setup();
    player.unlock();
    player.setEnabled(false);
    expect(audio.paused).toBe(true);
    player.setEnabled(true);
    expect(audio.paused).toBe(false);
  });

  it('skips a missing file and gives up once every track failed', () => {
    const { audio, player } = setup();
    player.unlock();
    audio.emit('error');
    expect(audio.plays).toEqual(['/audio/a.mp3', '/audio/b.mp3']);
    audio.emit('error');
    expect(audio.plays).toHaveLength(2);
  });
});
