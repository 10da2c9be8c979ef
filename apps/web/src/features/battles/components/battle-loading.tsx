import { type BattleRoomData, ROOM_STATE } from '@kaixiang/shared/battles';
import type { ContainsResponse } from '@kaixiang/shared/boxes';
import { type QueryObserverResult, useQueries } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBattle } from '../../../components/icons.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { boxContentsQueryOptions } from '../../boxes/api/get-box.ts';
import { type Picture, usePreloadedPictures } from '../preload.ts';

/**
 * The battle loading overlay (spec 2 §2): the reels wait for what they draw — the room's snapshot,
 * each box's contents (the filler) and the pictures on the tiles — so none turns with empty
 * tiles. The reels are timed on the server's clock: one that starts late joins its round where
 * the others are (timeline.ts), so waiting costs a late watcher nothing but the wait.
 */

/** The longest the overlay holds the reels: a picture that never arrives must not hold them forever. */
export const LOADING_MAX_MS = 5_000;

export interface BattleAssets {
  /** Each box's contents, by box id. */
  contents: Map<number, ContainsResponse>;
  /** Every box's contents and every picture the reels can show are in (or gave up). */
  ready: boolean;
  /** 0–1, never going back: the snapshot a tenth, the contents a fifth, the pictures the rest. */
  progress: number;
}

interface ContentsState {
  byBox: Map<number, ContainsResponse>;
  settled: number;
}

// Module-level, so the combined value is kept while the queries' results do not change.
function combineContents(results: QueryObserverResult<ContainsResponse>[]): ContentsState {
  const byBox = new Map<number, ContainsResponse>();
  let settled = 0;
  for (const r of results) {
    if (r.data) byBox.set(r.data.box_id, r.data);
    // A box whose contents failed is not waited for: its reel draws the won item alone.
    if (!r.isPending) settled++;
  }
  return { byBox, settled };
}

/**
 * What the room's reels need, fetched as soon as the room is known — a waiting room's too, so
 * that when it fills the reels rarely have anything left to wait for. An ended room that opens
 * on its completion screen turns no reel and needs nothing.
 */
export function useBattleAssets(room: BattleRoomData | undefined, finished: boolean): BattleAssets {
  const locale = useLocale();
  const wanted = room !== undefined && !finished && room.room_state !== ROOM_STATE.dissolved;
  const boxIds = wanted ? [...new Set(room.boxes.map((b) => b.box_id))] : [];
  const contents = useQueries({
    queries: boxIds.map((id) => boxContentsQueryOptions(id, locale)),
    combine: combineContents,
  });
  // The filler is drawn from the contents and the won item is a roll: together, every tile.
  const pictures = new Map<string, Picture>();
  const add = (src: string, itemId: number) => pictures.set(`${itemId} ${src}`, { src, itemId });
  for (const box of contents.byBox.values()) for (const item of box.items) add(item.img, item.item_id);
  if (wanted) for (const round of room.rolls) for (const roll of round) add(roll.img, roll.item_id);
  const loaded = usePreloadedPictures([...pictures.values()]);

  const contentsIn = contents.settled === boxIds.length;
  const picturesIn = contentsIn && loaded === pictures.size;
  const progress = !room
    ? 0
    : 0.1 +
      0.2 * (boxIds.length === 0 ? 1 : contents.settled / boxIds.length) +
      0.7 * (!contentsIn ? 0 : pictures.size === 0 ? 1 : loaded / pictures.size);
  // The pictures' share is counted once all contents are in; before that a new box's pictures
  // would make the bar step back.
  const shown = useRef(0);
  shown.current = Math.max(shown.current, progress);
  return { contents: contents.byBox, ready: room !== undefined && picturesIn, progress: shown.current };
}

/**
 * Whether the overlay is up: while `busy`, for LOADING_MAX_MS at most each time it starts being
 * busy (the page opening, a battle starting). Once reels have been let go (`reelsAhead` and not
 * shown) it never comes back: a picture new to a later round must not cover a running battle.
 */
export function useLoadingOverlay(busy: boolean, reelsAhead: boolean): boolean {
  const [expired, setExpired] = useState(false);
  const [released, setReleased] = useState(false);
  useEffect(() => {
    if (!busy) {
      setExpired(false);
      return;
    }
    const timer = setTimeout(() => setExpired(true), LOADING_MAX_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  const shown = busy && !expired && !released;
  useEffect(() => {
    if (reelsAhead && !shown) setReleased(true);
  }, [reelsAhead, shown]);
  return shown;
}

/** The overlay itself: over the room (or the empty page while its snapshot comes), with progress. */
export function BattleLoading({ progress }: { progress: number }) {
  const { t } = useTranslation();
  const percent = Math.floor(progress * 100);
  return (
    <div className="battle-loading" data-testid="battle-loading">
      <div className="battle-loading__card" role="status">
        <IconBattle size={40} className="battle-loading__icon" />
        <p className="battle-loading__title">{t('battles.loading.title')}</p>
        <div
          className="battle-loading__bar"
          role="progressbar"
          aria-label={t('battles.loading.hint')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className="battle-loading__fill" style={{ transform: `scaleX(${progress})` }} />
        </div>
        <p className="battle-loading__hint">
          {t('battles.loading.hint')} <span className="battle-loading__percent">{percent}%</span>
        </p>
      </div>
    </div>
  );
}
