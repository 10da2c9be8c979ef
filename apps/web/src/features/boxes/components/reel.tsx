import type { ContainsResponse, OpenBoxResponse } from '@kaixiang/shared/boxes';
import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemImage } from '../../../components/item-image.tsx';
import { qualityOf } from '../item-props.ts';
import {
  buildStrip,
  LAND_INDEX,
  landingFraction,
  landingTranslate,
  type ReelTile,
  SPIN_EASING,
  SPIN_MS,
  stripSeed,
  tileUnderMarker,
} from '../reel.ts';
import { playReveal, playTick } from '../sounds.ts';

type Phase = 'ready' | 'spinning' | 'landed';

/** Ticks closer together than this merge into one: at full speed tiles pass faster than a click. */
const MIN_TICK_GAP_MS = 45;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Tile pitch for the reel's width: bigger tiles for a single strip, smaller on narrow screens. */
function pitchFor(viewportPx: number, compact: boolean): number {
  if (viewportPx > 0 && viewportPx < 560) return compact ? 72 : 100;
  return compact ? 104 : 150;
}

function translateXOf(el: Element): number {
  const m = /matrix(?:3d)?\(([^)]+)\)/.exec(getComputedStyle(el).transform);
  if (!m?.[1]) return 0;
  const parts = m[1].split(',').map(Number);
  return (m[0].startsWith('matrix3d') ? parts[12] : parts[4]) ?? 0;
}

export interface ReelProps {
  opening: OpenBoxResponse;
  contents: ContainsResponse | undefined;
  /** Called once, when every strip has landed (or the player skipped). */
  onDone: () => void;
}

/**
 * One horizontal strip per opened box. The result is already known: each strip is built around
 * the server's item and eased over SPIN_MS so that item stops under the centre marker.
 */
export function Reel({ opening, contents, onDone }: ReelProps) {
  const { t } = useTranslation();
  const compact = opening.items.length > 1;
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const [viewportPx, setViewportPx] = useState(0);
  const [phase, setPhase] = useState<Phase>('ready');
  const finished = useRef(false);
  const latestDone = useRef(onDone);
  latestDone.current = onDone;

  const strips = useMemo(
    () =>
      opening.items.map((item, i) =>
        buildStrip(
          contents?.items ?? [],
          contents?.ticket_total ?? 0,
          item,
          stripSeed(opening.opening_id, i, item.roll.ticket),
        ),
      ),
    [opening, contents],
  );
  const pitch = pitchFor(viewportPx, compact);

  const finish = useRef(() => {});
  finish.current = () => {
    if (finished.current) return;
    finished.current = true;
    setPhase('landed');
    playReveal(Math.max(...opening.items.map((i) => i.quality)));
    latestDone.current();
  };

  // Measure, paint the start position, then start the transition on the next frame.
  useLayoutEffect(() => {
    setViewportPx(viewportRef.current?.clientWidth ?? 0);
    if (prefersReducedMotion()) {
      finish.current();
      return;
    }
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setPhase('spinning')));
    // The timer, not transitionend, ends the spin: it fires even when the tab was in the background.
    const timer = setTimeout(() => finish.current(), SPIN_MS + 150);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  // A click each time a tile passes the marker of the first strip.
  useEffect(() => {
    if (phase !== 'spinning') return;
    let frame = 0;
    let lastTile = Number.NaN;
    let lastTickAt = 0;
    const loop = (now: number) => {
      const track = trackRef.current;
      if (track) {
        const tile = tileUnderMarker(translateXOf(track), pitch, viewportPx);
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
  }, [phase, pitch, viewportPx]);

  return (
    <div
      className={`reel ${compact ? 'reel--compact' : ''} ${opening.items.length > 5 ? 'reel--many' : ''} ${phase === 'landed' ? 'is-landed' : ''}`}
    >
      <section className="reel__strips" aria-label={t('boxes.reel')} aria-busy={phase !== 'landed'}>
        {opening.items.map((item, i) => {
          const tiles = strips[i] ?? [];
          const x = phase === 'ready' ? 0 : landingTranslate(pitch, viewportPx, landingFraction(item.roll.ticket));
          const style = {
            '--tile-w': `${pitch}px`,
            transform: `translate3d(${x}px, 0, 0)`,
            transition: phase === 'spinning' ? `transform ${SPIN_MS}ms ${SPIN_EASING}` : 'none',
          } as CSSProperties;
          return (
            <div
              key={item.id}
              className="reel__viewport"
              ref={i === 0 ? viewportRef : undefined}
              data-testid="reel-strip"
            >
              <div className="reel__track" style={style} ref={i === 0 ? trackRef : undefined} aria-hidden="true">
                {tiles.map((tile, j) => (
                  <ReelTileView key={tile.key} tile={tile} won={phase === 'landed' && j === LAND_INDEX} />
                ))}
              </div>
            </div>
          );
        })}
      </section>
      {phase !== 'landed' && (
        <button type="button" className="button button--ghost button--sm reel__skip" onClick={() => finish.current()}>
          {t('boxes.skip')}
        </button>
      )}
    </div>
  );
}

function ReelTileView({ tile, won }: { tile: ReelTile; won: boolean }) {
  const style = { '--rarity': QUALITY_COLORS[qualityOf(tile.quality)] } as CSSProperties;
  return (
    <div className={`reel-tile ${won ? 'is-won' : ''}`} style={style} data-item-id={tile.itemId}>
      <ItemImage src={tile.img} alt="" itemId={tile.itemId} className="reel-tile__img" />
      <span className="reel-tile__name">{tile.name}</span>
    </div>
  );
}
