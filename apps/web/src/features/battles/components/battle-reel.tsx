import type { BattleRoll } from '@kaixiang/shared/battles';
import type { ContainsResponse } from '@kaixiang/shared/boxes';
import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ItemImage } from '../../../components/item-image.tsx';
import { qualityOf } from '../../boxes/item-props.ts';
import { buildStrip, landingFraction, landingTranslate, SPIN_EASING, stripSeed } from '../../boxes/reel.ts';
import { playReveal, playTick } from '../../boxes/sounds.ts';
import { REEL_LAND_INDEX, REEL_TILES } from '../timeline.ts';

/** Tile height: three and a bit tiles show in the 320 px window. */
const PITCH_PX = 96;
const MIN_TICK_GAP_MS = 45;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function translateYOf(el: Element): number {
  const m = /matrix(?:3d)?\(([^)]+)\)/.exec(getComputedStyle(el).transform);
  if (!m?.[1]) return 0;
  const parts = m[1].split(',').map(Number);
  return (m[0].startsWith('matrix3d') ? parts[13] : parts[5]) ?? 0;
}

export interface BattleReelProps {
  roomId: number;
  round: number;
  roll: BattleRoll;
  contents: ContainsResponse | undefined;
  spinMs: number;
  /** How far into its spin the reel already is (a late arrival joins part-way). */
  elapsedMs: number;
  /** Only one seat clicks and chimes: four at once would be noise. */
  sound: boolean;
  /** The best quality of the round, for the chime. */
  roundQuality: number;
}

/**
 * One seat's vertical reel for one round. The result is the server's roll: REEL_TILES tiles drawn
 * from the box's contents by its odds around the won item, eased so that item stops under the
 * marker when the spin ends. Joining part-way starts the same transition with a negative delay,
 * so every watcher's reel is at the same place at the same server time.
 */
export function BattleReel({ roomId, round, roll, contents, spinMs, elapsedMs, sound, roundQuality }: BattleReelProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [viewportPx, setViewportPx] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [landed, setLanded] = useState(false);
  const startElapsed = useRef(elapsedMs);

  const tiles = useMemo(
    () =>
      buildStrip(
        contents?.items ?? [],
        contents?.ticket_total ?? 0,
        roll,
        stripSeed(roomId, round * 4 + roll.seat, roll.ticket),
        REEL_TILES,
        REEL_LAND_INDEX,
      ),
    [contents, roll, roomId, round],
  );

  useLayoutEffect(() => {
    setViewportPx(viewportRef.current?.clientHeight ?? 0);
    const left = spinMs - startElapsed.current;
    if (prefersReducedMotion() || left <= 0) {
      setLanded(true);
      return;
    }
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setSpinning(true)));
    // The timer, not transitionend, marks the landing: it fires in a background tab too.
    const timer = setTimeout(() => {
      setLanded(true);
      if (sound) playReveal(roundQuality);
    }, left);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [spinMs, sound, roundQuality]);

  useEffect(() => {
    if (!spinning || landed || !sound) return;
    let frame = 0;
    let lastTile = Number.NaN;
    let lastTickAt = 0;
    const loop = (now: number) => {
      const track = trackRef.current;
      if (track) {
        const tile = Math.floor((viewportPx / 2 - translateYOf(track)) / PITCH_PX);
        if (tile !== lastTile && now - lastTickAt >= MIN_TICK_GAP_MS) {
          if (!Number.isNaN(lastTile)) playTick();
          lastTile = tile;
          lastTickAt = now;
        }
      }
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [spinning, landed, sound, viewportPx]);

  const end = landingTranslate(PITCH_PX, viewportPx, landingFraction(roll.ticket), REEL_LAND_INDEX);
  const atEnd = spinning || landed;
  const style = {
    '--tile-h': `${PITCH_PX}px`,
    transform: `translate3d(0, ${atEnd ? end : 0}px, 0)`,
    transition:
      spinning && !landed ? `transform ${spinMs}ms ${SPIN_EASING} -${Math.max(0, startElapsed.current)}ms` : 'none',
  } as CSSProperties;
  return (
    <div
      className={`battle-reel ${landed ? 'is-landed' : ''}`}
      ref={viewportRef}
      data-testid="battle-reel"
      data-seat={roll.seat}
      aria-busy={!landed}
    >
      <div className="battle-reel__track" style={style} ref={trackRef} aria-hidden="true">
        {tiles.map((tile, j) => (
          <div
            key={tile.key}
            className={`battle-tile ${landed && j === REEL_LAND_INDEX ? 'is-won' : ''}`}
            style={{ '--rarity': QUALITY_COLORS[qualityOf(tile.quality)] } as CSSProperties}
            data-item-id={tile.itemId}
          >
            <ItemImage src={tile.img} alt="" itemId={tile.itemId} className="battle-tile__img" eager />
            <span className="battle-tile__name">{tile.name}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
