import { RAIN_EVENTS, RAIN_HALL_ROOM } from '@kaixiang/shared/rain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useMsUntil } from '../../../lib/countdown.ts';
import { jitterMs } from '../../../lib/jitter.ts';
import { useRoomChannel } from '../../../lib/socket.ts';
import { type RainSnapshot, rainInfoQueryOptions, useRainInfo } from '../api/rain.ts';
import '../rain.css';
import { rainTexts } from '../texts.ts';
import { RainBadge } from './rain-badge.tsx';
import { RainOverlay } from './rain-overlay.tsx';

/** Events on the hall that change the round: the info is loaded again. */
const HALL_EVENTS = [RAIN_EVENTS.all, RAIN_EVENTS.notice] as const;
/** With nothing scheduled, the info is asked again this often (an operator may add a rain). */
const IDLE_REFRESH_MS = 60_000;

/**
 * The red-packet rain on every page (spec 2 §3 "Red packet rain: shows a countdown to start or
 * end"): the shell loads this chunk lazily after its first paint. A small badge counts down to
 * the start or the end; when a round runs, it becomes a button that lets the rain fall over the
 * page, where the player grabs a packet. The server's clock decides (the info's system_time).
 */
export default function RainHost() {
  return (
    <FeatureTextsGate texts={rainTexts} fallback={null}>
      <Rain />
    </FeatureTextsGate>
  );
}

/** Every page hears the hall at once: refetches it causes are spread over this many ms. */
const SPREAD_MS = 4_000;

interface HallFrame {
  kind?: string;
  round_id?: number;
  remaining?: number;
  packets_hash?: string;
}

function Rain() {
  const queryClient = useQueryClient();
  const info = useRainInfo();
  const snap = info.data;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: rainInfoQueryOptions.queryKey });
  // Thousands of pages hear the same frame in the same moment: what it cannot patch is asked for
  // again at a random moment of the next few seconds, not all at once (the grabs need the second).
  const spreadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetchSoon = () => {
    if (spreadTimer.current) return;
    spreadTimer.current = setTimeout(
      () => {
        spreadTimer.current = null;
        refetch();
      },
      jitterMs(0, SPREAD_MS),
    );
  };
  useEffect(() => () => void (spreadTimer.current && clearTimeout(spreadTimer.current)), []);
  const patch = (f: (s: RainSnapshot) => RainSnapshot | null) => {
    let done = false;
    queryClient.setQueryData<RainSnapshot>(rainInfoQueryOptions.queryKey, (s) => {
      const next = s ? f(s) : null;
      done = next !== null;
      return next ?? s;
    });
    return done;
  };
  useRoomChannel(RAIN_HALL_ROOM, HALL_EVENTS, (type, data) => {
    const frame = (data ?? {}) as HallFrame;
    const ours = (s: RainSnapshot) => s.round !== null && s.round.round_id === frame.round_id;
    // The opening of the round the page counts down to: everything the screen needs is in the
    // frame and what it knew (a new round has no grab of this player yet), so nothing is asked.
    if (type === RAIN_EVENTS.all && frame.kind === 'open') {
      const patched = patch((s) =>
        ours(s) && s.round
          ? {
              ...s,
              status: 2,
              complete: false,
              round: {
                ...s.round,
                remaining: frame.remaining ?? s.round.count,
                packets_hash: frame.packets_hash ?? '',
              },
            }
          : null,
      );
      if (!patched) refetchSoon();
      return;
    }
    // Packets left: patched in (never upwards: frames of two processes may cross).
    if (type === RAIN_EVENTS.all && frame.kind === 'progress') {
      patch((s) =>
        ours(s) && s.round && typeof frame.remaining === 'number'
          ? {
              ...s,
              complete: frame.remaining === 0,
              round: { ...s.round, remaining: Math.min(s.round.remaining, frame.remaining) },
            }
          : null,
      );
      return;
    }
    // A close, a notice of another round, a gap: what comes next is the server's to say.
    refetchSoon();
  });

  // The next moment something changes on its own: the start, the end. The frame usually says so
  // first; without it (a lost frame) the info is asked, spread like the rest.
  const round = snap?.round ?? null;
  const offset = snap?.offsetMs ?? 0;
  const edge = !round ? null : snap?.status === 2 ? round.end_time : round.start_time;
  const left = useMsUntil(edge ?? 0, offset);
  const due = edge !== null && left <= 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks once per edge passed
  useEffect(() => {
    if (due) refetchSoon();
  }, [due, edge]);
  useEffect(() => {
    if (snap && snap.status === 0) {
      const timer = setInterval(refetch, IDLE_REFRESH_MS);
      return () => clearInterval(timer);
    }
  });

  // The rain covers the page only when the player asks (the badge): a payment, a battle or a
  // dialog in progress is never interrupted by it (docs/promotions/rain.md "Web").
  const [opened, setOpened] = useState<number | null>(null);
  if (!snap || !round) return null;
  const running = snap.status === 2;
  const showRain = running && opened === round.round_id;
  return (
    <>
      <RainBadge snap={snap} leftMs={left} onOpen={running ? () => setOpened(round.round_id) : undefined} />
      {showRain && <RainOverlay snap={snap} leftMs={left} onClose={() => setOpened(null)} />}
    </>
  );
}
