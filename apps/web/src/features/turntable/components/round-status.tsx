import type { TurntableRoomInfo } from '@kaixiang/shared/turntable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownOf, type TurntableStage } from '../timeline.ts';

/** Re-renders itself a few times a second while a countdown runs; the page does not. */
function useClock(running: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [running]);
}

/** The round number, its stage and the seconds left, on the server's clock. */
export function RoundStatus({
  info,
  stage,
  offsetMs,
}: {
  info: TurntableRoomInfo;
  stage: TurntableStage;
  offsetMs: number;
}) {
  const { t } = useTranslation();
  const timed = stage === 'betting' || stage === 'result';
  useClock(timed);
  const seconds = countdownOf(info, stage, Date.now() + offsetMs);
  return (
    <div className={`tt-status tt-status--${stage}`}>
      <span className="tt-status__round">{t('turntable.round', { id: info.round_id })}</span>
      <strong className="tt-status__stage" data-testid="tt-stage">
        {t(`turntable.stage.${stage}`)}
      </strong>
      {seconds !== null && seconds > 0 && (
        <span className="tt-status__countdown" data-testid="tt-countdown" aria-live="off">
          {t(stage === 'betting' ? 'turntable.countdown.close' : 'turntable.countdown.next', { seconds })}
        </span>
      )}
    </div>
  );
}
