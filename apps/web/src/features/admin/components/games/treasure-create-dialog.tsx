import { TREASURE_MAX_CARDS, TREASURE_MIN_CARDS, TREASURE_MIN_DURATION_MS } from '@kaixiang/game/treasure';
import { ERRORS } from '@kaixiang/shared/errors';
import { formatUnits } from '@kaixiang/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_SEARCH_KEY,
  CatalogueItemPicker,
  type PickedCatalogueItem,
} from '../../../../components/catalogue-item-picker.tsx';
import { ConfirmDialog, Dialog } from '../../../../components/dialog.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { localInput, unitsOf } from '../../format.ts';
import { RefusalMessage } from '../boxes/reason-dialog.tsx';
import { FormActions, InputField } from '../console-form.tsx';
import { useCreateTreasure } from './games-api.ts';

/** A day: long enough to sell the cards, short enough that the prize does not wait for weeks. */
const DEFAULT_LIFE_MS = 24 * 3_600_000;

/**
 * A treasure (POST admin/v1/games/treasures/create): a catalogue item and its wear as the prize,
 * the number of cards, one card's price in yuan (sent in units) and the deadline. The form holds
 * the rules' ranges for quick feedback; the server checks them again and says which one failed in
 * the admin's language. A treasure that loses money even when every card sells is asked about.
 */
export function TreasureCreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateTreasure();
  const [title, setTitle] = useState('');
  const [prize, setPrize] = useState<PickedCatalogueItem | null>(null);
  const [cards, setCards] = useState('10');
  const [cardPrice, setCardPrice] = useState('1');
  const [deadline, setDeadline] = useState(() => localInput(Date.now() + DEFAULT_LIFE_MS));
  const [confirmLoss, setConfirmLoss] = useState(false);
  const [missingPrize, setMissingPrize] = useState(false);
  const priceUnits = unitsOf(cardPrice);
  const cardCount = Number(cards);
  const takings =
    priceUnits !== null && Number.isSafeInteger(cardCount) && cardCount > 0 ? priceUnits * cardCount : null;
  // What the house keeps if every card sells: negative means the prize is worth more than the cards.
  const margin = takings !== null && prize ? takings - prize.price : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!prize) {
      setMissingPrize(true);
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
      onCreated(answer.room_id);
    } catch (error) {
      // A price that changed since the search: pick again from fresh prices rather than resend
      // one nobody has seen.
      if (error instanceof ApiError && error.code === ERRORS.TREASURE_PRIZE_CHANGED.code) {
        setPrize(null);
        void queryClient.invalidateQueries({ queryKey: CATALOGUE_SEARCH_KEY });
      }
    }
  }

  return (
    <Dialog open onClose={onClose} title={t('adminGames.treasure.form.title')} size="lg">
      <form className="adm-form adm-games__form" onSubmit={submit}>
        <InputField label={t('adminGames.treasure.form.name')} value={title} required onValue={setTitle} />
        <div className="adm-games__row">
          <InputField
            label={t('adminGames.treasure.form.cards')}
            type="number"
            min={TREASURE_MIN_CARDS}
            max={TREASURE_MAX_CARDS}
            step={1}
            value={cards}
            required
            onValue={setCards}
          />
          <InputField
            label={t('adminGames.treasure.form.cardPrice')}
            inputMode="decimal"
            value={cardPrice}
            required
            onValue={setCardPrice}
          />
          <InputField
            label={t('adminGames.treasure.form.deadline')}
            type="datetime-local"
            min={localInput(Date.now() + TREASURE_MIN_DURATION_MS)}
            value={deadline}
            required
            onValue={setDeadline}
          />
        </div>
        <fieldset className="adm-games__prizes">
          <legend>{t('adminGames.treasure.form.prize')}</legend>
          <CatalogueItemPicker
            value={prize}
            onChange={(p) => {
              setPrize(p);
              setMissingPrize(false);
            }}
          />
        </fieldset>
        {missingPrize && (
          <p className="adm-form__error" role="alert">
            {t('adminGames.treasure.form.noPrize')}
          </p>
        )}
        {takings !== null && prize && (
          <p className="adm-games__sum">
            {t('adminGames.treasure.form.takings', { amount: formatUnits(takings), value: formatUnits(prize.price) })}
          </p>
        )}
        {margin !== null && (
          <p className={`adm-games__margin ${margin < 0 ? 'is-loss' : ''}`} data-testid="treasure-margin">
            {t(margin < 0 ? 'adminGames.treasure.form.loss' : 'adminGames.treasure.form.margin', {
              amount: formatUnits(Math.abs(margin)),
            })}
          </p>
        )}
        <RefusalMessage error={create.error} />
        <FormActions
          cancelText={t('adminGames.treasure.form.cancel')}
          submitText={t('adminGames.treasure.form.submit')}
          disabled={create.isPending || !title.trim()}
          onClose={onClose}
        />
      </form>
      <ConfirmDialog
        open={confirmLoss && margin !== null && prize !== null}
        text={t('adminGames.treasure.form.lossConfirm', {
          amount: formatUnits(Math.abs(margin ?? 0)),
          takings: formatUnits(takings ?? 0),
          value: formatUnits(prize?.price ?? 0),
        })}
        buttonText={t('adminGames.treasure.form.lossSubmit')}
        onClose={() => setConfirmLoss(false)}
        onConfirm={() => {
          setConfirmLoss(false);
          if (prize) void send(prize);
        }}
      />
    </Dialog>
  );
}
