import { TREASURE_MAX_GRAB } from '@kaixiang/game/treasure';
import type { TreasureInfo } from '@kaixiang/shared/treasure';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../components/price.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { useKeptRequestId } from '../../../lib/paid-request.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useUserDetail } from '../../accounts/api/user-detail.ts';
import { useGrabCards } from '../api/get-treasure.ts';
import { cardNumbers } from '../format.ts';

/**
 * Grab the next cards: a count from 1 to the smaller of 100 (the rules' most per grab) and the
 * cards left, its price, the player's balance, one POST. The server checks everything again (the
 * cards left may have gone meanwhile) and its refusal is toasted in the player's language.
 */
export function GrabBox({ info }: { info: TreasureInfo }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const balance = useUserDetail().data?.money;
  const grab = useGrabCards();
  // The id of a grab whose answer never came is sent again with the same count: one purchase.
  const ids = useKeptRequestId();
  const left = info.total - info.sold;
  const max = Math.max(1, Math.min(TREASURE_MAX_GRAB, left));
  const [typed, setTyped] = useState('1');
  const count = Math.min(max, Math.max(1, Math.floor(Number(typed)) || 1));
  const total = count * info.card_price;

  async function submit() {
    const request_id = ids.idFor(`${info.room_id}:${count}`);
    try {
      const answer = await grab.mutateAsync({ room_id: info.room_id, count, request_id });
      ids.settled();
      toast.success(t('treasure.grab.done', { cards: cardNumbers(answer.cards) }));
      setTyped('1');
    } catch (error) {
      ids.settled(error); // the server's reason was toasted
    }
  }

  return (
    <form
      className="treasure-grab"
      aria-label={t('treasure.grab.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (loggedIn) void submit();
        else openLoginDialog();
      }}
    >
      <h2>{t('treasure.grab.title')}</h2>
      <div className="treasure-grab__count">
        <label htmlFor={`grab-count-${info.room_id}`}>{t('treasure.grab.count')}</label>
        <div className="treasure-grab__stepper">
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label={t('treasure.grab.less')}
            disabled={count <= 1}
            onClick={() => setTyped(String(count - 1))}
          >
            −
          </button>
          <input
            id={`grab-count-${info.room_id}`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={() => setTyped(String(count))}
          />
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label={t('treasure.grab.more')}
            disabled={count >= max}
            onClick={() => setTyped(String(count + 1))}
          >
            +
          </button>
          <button type="button" className="button button--ghost button--sm" onClick={() => setTyped(String(max))}>
            {t('treasure.grab.max')}
          </button>
        </div>
        <small>{t('treasure.grab.left', { count: left, max: TREASURE_MAX_GRAB })}</small>
      </div>
      <dl className="treasure-grab__sums">
        <div>
          <dt>{t('treasure.grab.total')}</dt>
          <dd data-testid="grab-total">
            <Price units={total} />
          </dd>
        </div>
        {loggedIn && balance !== undefined && (
          <div>
            <dt>{t('treasure.grab.balance')}</dt>
            <dd data-testid="grab-balance">
              <Price units={balance} />
              {balance < total && <span className="treasure-grab__short">{t('treasure.grab.short')}</span>}
            </dd>
          </div>
        )}
      </dl>
      <button type="submit" className="button button--primary treasure-grab__submit" disabled={grab.isPending}>
        {loggedIn ? t('treasure.grab.submit') : t('treasure.grab.login')}
      </button>
    </form>
  );
}
