import type { AdminRollCreateRequest } from '@kaixiang/shared/admin-games';
import { isWearGrade, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueItemPicker, type PickedCatalogueItem } from '../../../../components/catalogue-item-picker.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { ItemImage } from '../../../../components/item-image.tsx';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localInput, unitsOf } from '../../format.ts';
import { RefusalMessage } from '../boxes/reason-dialog.tsx';
import { FormActions, InputField } from '../console-form.tsx';
import { useCreateOfficialRoll } from './games-api.ts';

/** A chosen house prize; `key` tells two of the same item and wear apart. */
type HousePrize = PickedCatalogueItem & { key: number };
let nextKey = 1;

/** A yuan amount typed into the form, in units; anything unreadable is no condition (0). */
const unitsOr0 = (text: string): number => unitsOf(text || '0') ?? 0;

/** Ten minutes on: past the rules' shortest delay with time to fill the form in. */
const DEFAULT_DELAY_MS = 10 * 60_000;

/**
 * An official roll room (POST admin/v1/games/roll-rooms/create): house prizes from the catalogue,
 * each in a chosen wear at the price the server will give it, and the entry conditions an
 * anchor's room has. The server applies the same rules as to an anchor's room and says which one
 * failed in the admin's language.
 */
export function RollCreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const create = useCreateOfficialRoll();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [drawAt, setDrawAt] = useState(() => localInput(Date.now() + DEFAULT_DELAY_MS));
  const [password, setPassword] = useState('');
  const [minRecharge, setMinRecharge] = useState('0');
  const [rechargeDays, setRechargeDays] = useState('0');
  const [minVip, setMinVip] = useState('0');
  const [prizes, setPrizes] = useState<readonly HousePrize[]>([]);
  const [candidate, setCandidate] = useState<PickedCatalogueItem | null>(null);
  const total = prizes.reduce((sum, p) => sum + p.price, 0);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body: AdminRollCreateRequest = {
      title: title.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      draw_at: new Date(drawAt).getTime(),
      ...(password ? { password } : {}),
      house_items: prizes.map((p) => ({ item_id: p.item.item_id, exter: p.exter })),
      min_recharge: unitsOr0(minRecharge),
      recharge_days: Number(rechargeDays) || 0,
      min_vip: Number(minVip) || 0,
    };
    try {
      onCreated((await create.mutateAsync(body)).room_id);
    } catch {
      // The server's reason is shown below the form.
    }
  }

  return (
    <Dialog open onClose={onClose} title={t('adminGames.roll.form.title')} size="lg">
      <form className="adm-form adm-games__form" onSubmit={(e) => void submit(e)}>
        <p className="adm-screen__sub">{t('adminGames.roll.form.hint')}</p>
        <InputField label={t('adminGames.roll.form.name')} value={title} required onValue={setTitle} />
        <InputField label={t('adminGames.roll.form.description')} value={description} onValue={setDescription} />
        <InputField
          label={t('adminGames.roll.form.drawAt')}
          type="datetime-local"
          value={drawAt}
          required
          onValue={setDrawAt}
        />
        <InputField label={t('adminGames.roll.form.password')} value={password} onValue={setPassword} />
        <div className="adm-games__row">
          <InputField
            label={t('adminGames.roll.form.minRecharge')}
            inputMode="decimal"
            value={minRecharge}
            onValue={setMinRecharge}
          />
          <InputField
            label={t('adminGames.roll.form.rechargeDays')}
            type="number"
            min={0}
            value={rechargeDays}
            onValue={setRechargeDays}
          />
          <InputField
            label={t('adminGames.roll.form.minVip')}
            type="number"
            min={0}
            value={minVip}
            onValue={setMinVip}
          />
        </div>
        <fieldset className="adm-games__prizes">
          <legend>{t('adminGames.roll.form.prizes', { count: prizes.length })}</legend>
          {prizes.length > 0 ? (
            <ul className="adm-games__chosen" aria-label={t('adminGames.roll.form.chosen')}>
              {prizes.map((p) => (
                <li key={p.key}>
                  <ItemImage src={p.item.img} alt={p.item.name} itemId={p.item.item_id} />
                  <span>
                    {p.item.name} · {isWearGrade(p.exter) ? WEAR_GRADE_LABELS[p.exter][locale] : p.exter}
                  </span>
                  <Price units={p.price} />
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    onClick={() => setPrizes(prizes.filter((x) => x.key !== p.key))}
                  >
                    {t('adminGames.roll.form.remove')}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="adm-table__muted">{t('adminGames.roll.form.noPrizes')}</p>
          )}
          <CatalogueItemPicker value={candidate} onChange={setCandidate} />
          <button
            type="button"
            className="button button--ghost button--sm"
            disabled={!candidate}
            onClick={() => {
              if (!candidate) return;
              setPrizes([...prizes, { ...candidate, key: nextKey++ }]);
              setCandidate(null);
            }}
          >
            {t('adminGames.roll.form.add')}
          </button>
          {prizes.length > 0 && (
            <p className="adm-games__sum">{t('adminGames.roll.form.total', { amount: `¥${formatUnits(total)}` })}</p>
          )}
        </fieldset>
        <RefusalMessage error={create.error} />
        <FormActions
          cancelText={t('adminGames.roll.form.cancel')}
          submitText={t('adminGames.roll.form.submit')}
          disabled={create.isPending || prizes.length === 0 || !title.trim()}
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}
