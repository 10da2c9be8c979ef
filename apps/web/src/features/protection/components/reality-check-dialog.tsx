import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { type ProtectionSnapshot, useRealityAck } from '../api/protection.ts';
import { playedParts, yuanText } from '../format.ts';
import './protection.css';

type Choice = 'continue' | 'records';

/**
 * The reminder itself (issue 24 §2 "Reality checks"): how long this session has lasted and what it
 * cost, on the server's clock. It cannot be dismissed: the server refuses stakes until the player
 * acknowledges it. Both buttons acknowledge. "See my records" does too, because the player has read
 * the reminder, and a modal left open over the protection page would hide the page they asked for.
 */
export function RealityCheckDialog({
  snapshot,
  onDone,
}: {
  snapshot: ProtectionSnapshot | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ack = useRealityAck();
  const [choice, setChoice] = useState<Choice | null>(null);
  const session = snapshot?.session ?? null;
  const played = session && snapshot ? playedParts(Date.now() + snapshot.offsetMs - session.started_at) : null;

  function acknowledge(next: Choice) {
    setChoice(next);
    ack.mutate(
      {},
      {
        onSuccess: () => {
          onDone();
          if (next === 'records') navigate(PATHS.userinfoProtection);
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={() => undefined}
      closable={false}
      size="sm"
      className="reality-check"
      title={t('protection.reality.dialog.title')}
      footer={
        <>
          <button
            type="button"
            className="button button--ghost"
            disabled={ack.isPending}
            onClick={() => acknowledge('records')}
          >
            {ack.isPending && choice === 'records' && <Spinner size={14} />}
            {t('protection.reality.dialog.records')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={ack.isPending}
            onClick={() => acknowledge('continue')}
          >
            {ack.isPending && choice === 'continue' && <Spinner size={14} />}
            {t('protection.reality.dialog.continue')}
          </button>
        </>
      }
    >
      <p className="reality-check__lead">{t('protection.reality.dialog.lead')}</p>
      <dl className="reality-check__facts">
        <div>
          <dt>{t('protection.reality.dialog.played')}</dt>
          <dd data-testid="reality-played">
            {played
              ? played.h > 0
                ? t('protection.reality.duration.hours', played)
                : t('protection.reality.duration.minutes', played)
              : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('protection.reality.dialog.spend')}</dt>
          <dd data-testid="reality-spend">{session ? yuanText(session.net_spend) : '—'}</dd>
        </div>
      </dl>
      {ack.error && (
        <p className="protection__error" role="alert">
          {ack.error.message || t('protection.failed')}
        </p>
      )}
    </Dialog>
  );
}
