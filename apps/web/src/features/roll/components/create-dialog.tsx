import { yuanToUnits } from '@kaixiang/shared/money';
import type { RollCreateRule } from '@kaixiang/shared/roll';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePrizeCandidates } from '../api/get-prize-items.ts';
import { useCreateRoll } from '../api/get-roll.ts';

/** A datetime-local value (local time, minutes) for an instant. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A yuan amount typed into the form, in units; anything unreadable is no condition (0). */
function unitsOr0(text: string): number {
  try {
    return yuanToUnits(text || '0');
  } catch {
    return 0;
  }
}

/**
 * Making a room (anchors: the create rule says who and within which limits). Prizes come from the
 * maker's own inventory and stay locked in it until the draw; an official room of house prizes is
 * made in the console instead. An anchor may keep the room to their own invitees. The server checks every limit again and says which one failed in the
 * player's language.
 */
export function CreateRollDialog({
  open,
  rule,
  onClose,
  onCreated,
}: {
  open: boolean;
  rule: RollCreateRule;
  onClose: () => void;
  onCreated: (roomId: number) => void;
}) {
  const { t } = useTranslation();
  const items = usePrizeCandidates(open);
  const create = useCreateRoll();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  // A little past the shortest delay: the form takes time to fill in.
  const [drawAt, setDrawAt] = useState(() => localInput(Date.now() + rule.min_draw_delay_ms + 5 * 60_000));
  const [password, setPassword] = useState('');
  const [minRecharge, setMinRecharge] = useState('0');
  const [rechargeDays, setRechargeDays] = useState('0');
  const [minVip, setMinVip] = useState('0');
  const [picked, setPicked] = useState<readonly number[]>([]);
  const [invitedOnly, setInvitedOnly] = useState(false);
  const prizeCount = picked.length;

  function toggle(id: number) {
    setPicked((prev) =>
      prev.includes(id) ? prev.filter((x) => x !== id) : prizeCount < rule.max_prizes ? [...prev, id] : prev,
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const answer = await create.mutateAsync({
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        draw_at: new Date(drawAt).getTime(),
        ...(password ? { password } : {}),
        item_ids: [...picked],
        min_recharge: unitsOr0(minRecharge),
        recharge_days: Number(rechargeDays) || 0,
        min_vip: Number(minVip) || 0,
        ...(invitedOnly ? { invited_only: true } : {}),
      });
      toast.success(t('roll.createDialog.created'));
      onCreated(answer.room_id);
    } catch {
      // the server's reason was toasted
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('roll.createDialog.title')} size="lg">
      <form className="roll-create" onSubmit={(e) => void submit(e)}>
        <label>
          <span>{t('roll.createDialog.name')}</span>
          <input
            className="input"
            value={title}
            maxLength={rule.title_max}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label>
          <span>{t('roll.createDialog.description')}</span>
          <input
            className="input"
            value={description}
            maxLength={rule.description_max}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <label>
          <span>{t('roll.createDialog.drawAt')}</span>
          <input
            className="input"
            type="datetime-local"
            value={drawAt}
            required
            onChange={(e) => setDrawAt(e.target.value)}
          />
        </label>
        <label>
          <span>{t('roll.createDialog.password')}</span>
          <input
            className="input"
            value={password}
            maxLength={rule.password_max}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label>
          <span>{t('roll.createDialog.minRecharge')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={minRecharge}
            onChange={(e) => setMinRecharge(e.target.value)}
          />
        </label>
        <label>
          <span>{t('roll.createDialog.rechargeDays')}</span>
          <input
            className="input"
            type="number"
            min={0}
            max={rule.recharge_days_max}
            value={rechargeDays}
            onChange={(e) => setRechargeDays(e.target.value)}
          />
        </label>
        <label>
          <span>{t('roll.createDialog.minVip')}</span>
          <input
            className="input"
            type="number"
            min={0}
            max={rule.max_vip}
            value={minVip}
            onChange={(e) => setMinVip(e.target.value)}
          />
        </label>
        <label className="roll-create__check">
          <input type="checkbox" checked={invitedOnly} onChange={(e) => setInvitedOnly(e.target.checked)} />
          <span>{t('roll.invite.onlyMine')}</span>
        </label>
        <fieldset className="roll-create__items">
          <legend>{t('roll.createDialog.items', { count: prizeCount, max: rule.max_prizes })}</legend>
          {items.data && items.data.list.length === 0 && <p>{t('roll.createDialog.noItems')}</p>}
          <ul>
            {items.data?.list.map((item) => (
              <li key={item.id}>
                <label className={picked.includes(item.id) ? 'is-picked' : ''}>
                  <input type="checkbox" checked={picked.includes(item.id)} onChange={() => toggle(item.id)} />
                  <ItemImage src={item.img} alt={item.name} itemId={item.item_id} />
                  <span>{item.name}</span>
                  <Price units={item.cost_price} />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending || prizeCount === 0 || !title.trim()}
        >
          {t('roll.createDialog.submit')}
        </button>
      </form>
    </Dialog>
  );
}
