import { TREASURE_MAX_CARDS, TREASURE_MIN_CARDS, TREASURE_MIN_DURATION_MS } from '@kaixiang/game/treasure';
import { ERRORS } from '@kaixiang/shared/errors';
import { formatUnits, yuanToUnits } from '@kaixiang/shared/money';
import { TREASURE_PATHS, type TreasureCreateRequest, treasureIdResponse } from '@kaixiang/shared/treasure';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_SEARCH_KEY,
  CatalogueItemPicker,
  type PickedCatalogueItem,
} from '../../../components/catalogue-item-picker.tsx';
import { ConfirmDialog, Dialog } from '../../../components/dialog.tsx';
import { ApiError, apiPost } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * POST treasure/create. Nothing to invalidate: the hall's lists follow `treasure_create` on
 * treasure:hall, and the dialog goes on to the new treasure's page. (Apart from api/get-treasure.ts
 * so this admin-only chunk shares nothing with the pages and adds no chunk to their preload list.)
 */
function useCreateTreasure() {
  return useMutation({
    mutationFn: (req: TreasureCreateRequest) =>
      apiPost(TREASURE_PATHS.create, req, { schema: treasureIdResponse, silent: true }),
    onError: (error) => {
      if (error instanceof ApiError && error.failure !== 'unauthorized' && error.failure !== 'aborted') {
        toast.error(error.message);
      }
    },
  });
}

/** A datetime-local value (local time, minutes) for an instant. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A yuan amount typed into the form, in units; null when it is not one. */
function unitsOf(text: string): number | null {
  try {
    return yuanToUnits(text.trim());
  } catch {
    return null;
  }
}

/** A day: long enough to sell the cards, short enough that the prize does not wait for weeks. */
const DEFAULT_LIFE_MS = 24 * 3_600_000;

/**
 * An admin makes a treasure (POST treasure/create): a catalogue item and its wear as the prize, the
 * number of cards, the price of one card in yuan (sent in units) and the deadline. The form holds
 * the rules' ranges for quick feedback; the server checks them again and says which one failed in
 * the admin's language.
 */
export function CreateTreasureDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (roomId: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateTreasure();
  const [title, setTitle] = useState('');
  const [prize, setPrize] = useState<PickedCatalogueItem | null>(null);
  const [cards, setCards] = useState('10');
  const [cardPrice, setCardPrice] = useState('1');
  const [deadline, setDeadline] = useState(() => localInput(Date.now() + DEFAULT_LIFE_MS));
  const [confirmLoss, setConfirmLoss] = useState(false);
  const priceUnits = unitsOf(cardPrice);
  const cardCount = Number(cards);
  const takings =
    priceUnits !== null && Number.isSafeInteger(cardCount) && cardCount > 0 ? priceUnits * cardCount : null;
  // What the house keeps if every card sells: negative means the prize is worth more than the cards.
  const margin = takings !== null && prize ? takings - prize.price : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!prize) {
      toast.error(t('treasure.createDialog.noPrize'));
      return;
    }
    // Selling ¥10 of cards for a ¥1,646 prize is allowed (a promotion may mean it), never by accident.
    if (margin !== null && margin < 0) setConfirmLoss(true);
    else void send(prize);
  }

  async function send(picked: PickedCatalogueItem) {
    try {
      const answer = await create.mutateAsync({
        title: title.trim(),
        item_id: picked.item.item_id,
        exter: picked.exter,
        cards: cardCount,
        card_price: priceUnits ?? 0,
        deadline: new Date(deadline).getTime(),
        // The margin above was judged on this price: the server refuses if the prize now costs otherwise.
        prize_price: picked.price,
      });
      toast.success(t('treasure.createDialog.created'));
      onCreated(answer.room_id);
    } catch (error) {
      // The server's reason was toasted. A price that changed since the search: pick again from
      // fresh prices rather than resend one nobody has seen.
      if (error instanceof ApiError && error.code === ERRORS.TREASURE_PRIZE_CHANGED.code) {
        setPrize(null);
        void queryClient.invalidateQueries({ queryKey: CATALOGUE_SEARCH_KEY });
      }
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('treasure.createDialog.title')} size="lg">
      <form className="treasure-create" onSubmit={(e) => void submit(e)}>
        <label>
          <span>{t('treasure.createDialog.name')}</span>
          <input className="input" value={title} maxLength={30} required onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label>
          <span>{t('treasure.createDialog.cards')}</span>
          <input
            className="input"
            type="number"
            min={TREASURE_MIN_CARDS}
            max={TREASURE_MAX_CARDS}
            step={1}
            value={cards}
            required
            onChange={(e) => setCards(e.target.value)}
          />
        </label>
        <label>
          <span>{t('treasure.createDialog.cardPrice')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={cardPrice}
            required
            onChange={(e) => setCardPrice(e.target.value)}
          />
        </label>
        <label>
          <span>{t('treasure.createDialog.deadline')}</span>
          <input
            className="input"
            type="datetime-local"
            min={localInput(Date.now() + TREASURE_MIN_DURATION_MS)}
            value={deadline}
            required
            onChange={(e) => setDeadline(e.target.value)}
          />
        </label>
        <fieldset className="treasure-create__prize">
          <legend>{t('treasure.createDialog.prize')}</legend>
          <CatalogueItemPicker value={prize} onChange={setPrize} />
        </fieldset>
        <p className="treasure-create__sum">
          {takings !== null &&
            prize &&
            t('treasure.createDialog.takings', { amount: formatUnits(takings), value: formatUnits(prize.price) })}
        </p>
        {margin !== null && (
          <p className={`treasure-create__margin ${margin < 0 ? 'is-loss' : ''}`} data-testid="treasure-margin">
            {t(margin < 0 ? 'treasure.createDialog.loss' : 'treasure.createDialog.margin', {
              amount: formatUnits(Math.abs(margin)),
            })}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={create.isPending || !title.trim()}>
          {t('treasure.createDialog.submit')}
        </button>
      </form>
      <ConfirmDialog
        open={confirmLoss && margin !== null && prize !== null}
        text={t('treasure.createDialog.lossConfirm', {
          amount: formatUnits(Math.abs(margin ?? 0)),
          takings: formatUnits(takings ?? 0),
          value: formatUnits(prize?.price ?? 0),
        })}
        buttonText={t('treasure.createDialog.lossSubmit')}
        onClose={() => setConfirmLoss(false)}
        onConfirm={() => {
          setConfirmLoss(false);
          if (prize) void send(prize);
        }}
      />
    </Dialog>
  );
}
