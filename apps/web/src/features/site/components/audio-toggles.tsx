import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconMusic, IconSlash, IconSound } from '../../../components/icons.tsx';
import { setAudioPref, useAudioPrefs } from '../../../lib/audio-prefs.ts';
import { useBgmList } from '../api/get-bgm.ts';
import { BgmPlayer } from '../bgm-player.ts';

/** Music and effects switches in the header (spec 1 §2); both on by default and remembered. */
export function AudioToggles() {
  const { t } = useTranslation();
  const prefs = useAudioPrefs();
  const { data: tracks } = useBgmList(prefs.music);
  const player = useRef<BgmPlayer | null>(null);

  useEffect(() => {
    const p = new BgmPlayer();
    player.current = p;
    // Browsers allow sound only after the visitor interacted with the page.
    const stopListening = () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
    const unlock = () => {
      stopListening();
      p.unlock();
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      stopListening();
      p.setEnabled(false);
    };
  }, []);
  useEffect(() => player.current?.setTracks((tracks ?? []).map((t) => t.link)), [tracks]);
  useEffect(() => player.current?.setEnabled(prefs.music), [prefs.music]);

  return (
    <div className="audio-toggles">
      <button
        type="button"
        className={`icon-button ${prefs.music ? 'is-on' : 'is-off'}`}
        aria-pressed={prefs.music}
        aria-label={t('header.music')}
        title={prefs.music ? t('header.musicOn') : t('header.musicOff')}
        onClick={() => setAudioPref('music', !prefs.music)}
      >
        <IconMusic size={18} />
        {!prefs.music && <IconSlash size={18} className="icon-slash" />}
      </button>
      <button
        type="button"
        className={`icon-button ${prefs.effects ? 'is-on' : 'is-off'}`}
        aria-pressed={prefs.effects}
        aria-label={t('header.effects')}
        title={prefs.effects ? t('header.effectsOn') : t('header.effectsOff')}
        onClick={() => setAudioPref('effects', !prefs.effects)}
      >
        <IconSound size={18} />
        {!prefs.effects && <IconSlash size={18} className="icon-slash" />}
      </button>
    </div>
  );
}
