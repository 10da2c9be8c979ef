import { useTranslation } from 'react-i18next';
import { countdownParts, useMsUntil } from '../../../lib/countdown.ts';

/** The time left to a room's draw on the server's clock. */
export function Countdown({ drawAtMs, offsetMs }: { drawAtMs: number; offsetMs: number }) {
  const { t } = useTranslation();
  const parts = countdownParts(useMsUntil(drawAtMs, offsetMs));
  return (
    <span className="roll-countdown" role="timer">
      {parts.d > 0 ? t('roll.countdown.days', parts) : t('roll.countdown.clock', parts)}
    </span>
  );
}
