import { type BattleRoomCard, GAME_MODES } from '@kaixiang/shared/battles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { BoxImage } from '../../boxes/components/box-image.tsx';
import { useCreateRule } from '../api/get-battles.ts';
import { useBattleActions } from '../api/room-actions.ts';
import { battleDetailsPath } from './room-bits.tsx';

type BattleBox = BattleRoomCard['boxes'][number];

const TEAM_RULE = 3;
const TEAM_SEATS = 4;

/** What the create form holds; null seats means none chosen yet (spec 2 §5 '请选择参与人数'). */
export interface BattleDraft {
  boxIds: number[];
  seats: number | null;
  mode: number;
  rule: number;
}

/**
 * Spec 2 §5's checks in its order, as message keys; the server makes the same ones (and answers in
 * the same words), these only spare the round trip.
 */
export function draftProblem(draft: BattleDraft, maxBoxes: number): string | null {
  if (draft.boxIds.length === 0) return 'battles.createDialog.noBoxes';
  if (draft.boxIds.length > maxBoxes) return 'battles.createDialog.tooMany';
  if (draft.seats === null) return 'battles.createDialog.noPlayers';
  return null;
}

/** The create dialog (spec 2 §2 "create"): boxes in round order, seats, speed and rule, the entry. */
export function CreateBattleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useCreateRule();
  return (
    <Dialog open={open} onClose={onClose} title={t('battles.createDialog.title')} size="lg" className="battle-create">
      {rule.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : rule.isError ? (
        <EmptyState title={t('battles.createDialog.loadFailed')} compact />
      ) : (
        <CreateForm
          boxes={rule.data.boxs}
          maxBoxes={rule.data.max_boxes}
          seatChoices={rule.data.seats}
          modes={rule.data.game_modes.filter((m) => (GAME_MODES as readonly number[]).includes(m))}
          rules={rule.data.rules}
          consolationBp={rule.data.consolation_bp}
          onCreated={onClose}
        />
      )}
    </Dialog>
  );
}

function CreateForm({
  boxes,
  maxBoxes,
  seatChoices,
  modes,
  rules,
  consolationBp,
  onCreated,
}: {
  boxes: BattleBox[];
  maxBoxes: number;
  seatChoices: number[];
  modes: number[];
  rules: number[];
  consolationBp: number;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create } = useBattleActions();
  const [draft, setDraft] = useState<BattleDraft>({ boxIds: [], seats: null, mode: modes[0] ?? 1, rule: 1 });
  const byId = new Map(boxes.map((b) => [b.box_id, b]));
  const picked = draft.boxIds.map((id) => byId.get(id)).filter((b): b is BattleBox => b !== undefined);
  const totalUnits = picked.reduce((sum, b) => sum + b.price, 0);
  const countOf = (id: number) => draft.boxIds.filter((x) => x === id).length;

  function add(box: BattleBox) {
    if (draft.boxIds.length >= maxBoxes) {
      toast.error(t('battles.createDialog.tooMany'));
      return;
    }
    setDraft((d) => ({ ...d, boxIds: [...d.boxIds, box.box_id] }));
  }
  function removeAt(index: number) {
    setDraft((d) => ({ ...d, boxIds: d.boxIds.filter((_, i) => i !== index) }));
  }
  function removeOne(id: number) {
    const index = draft.boxIds.lastIndexOf(id);
    if (index >= 0) removeAt(index);
  }
  function chooseSeats(seats: number) {
    // Team play is two against two: with fewer seats the rule falls back to classic.
    setDraft((d) => ({ ...d, seats, rule: d.rule === TEAM_RULE && seats !== TEAM_SEATS ? 1 : d.rule }));
  }

  async function submit() {
    const problem = draftProblem(draft, maxBoxes);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    let created: { room_id: number };
    try {
      created = await create.mutateAsync({
        box_ids: draft.boxIds,
        user_num: draft.seats ?? 0,
        game_mode: draft.mode,
        rule: draft.rule,
      });
    } catch {
      return; // the server's reason was toasted
    }
    onCreated();
    void navigate(battleDetailsPath(created.room_id));
  }

  return (
    <div className="battle-create__body">
      <section className="battle-create__shop" aria-label={t('battles.createDialog.pickBoxes')}>
        <h3>{t('battles.createDialog.pickBoxes')}</h3>
        <ul className="battle-create__boxes">
          {boxes.map((box) => {
            const n = countOf(box.box_id);
            return (
              <li key={box.box_id} className={`battle-create__box ${n > 0 ? 'is-picked' : ''}`}>
                <button
                  type="button"
                  className="battle-create__pick"
                  aria-label={t('battles.createDialog.add', { name: box.name })}
                  onClick={() => add(box)}
                >
                  <BoxImage src={box.img} backup={box.fallback_img} alt="" className="battle-create__img" />
                  <span className="battle-create__name">{box.name}</span>
                  <Price units={box.price} />
                </button>
                {n > 0 && (
                  <span className="battle-create__count">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('battles.createDialog.remove', { name: box.name })}
                      onClick={() => removeOne(box.box_id)}
                    >
                      −
                    </button>
                    <strong>{n}</strong>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section className="battle-create__side">
        <h3>
          {t('battles.createDialog.picked')}
          <span
            className={`battle-create__counter ${draft.boxIds.length >= maxBoxes ? 'is-full' : ''}`}
            data-testid="box-counter"
          >
            {t('battles.createDialog.counter', { count: draft.boxIds.length, max: maxBoxes })}
          </span>
        </h3>
        {picked.length === 0 ? (
          <p className="battle-create__hint">{t('battles.createDialog.noneYet')}</p>
        ) : (
          <ol className="battle-create__rounds">
            {picked.map((box, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the round number is the entry's identity
              <li key={i}>
                <span className="battle-create__round">{i + 1}</span>
                <span className="battle-create__round-name">{box.name}</span>
                <Price units={box.price} />
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('battles.createDialog.removeRound', { round: i + 1, name: box.name })}
                  onClick={() => removeAt(i)}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
        )}
        <Choice
          label={t('battles.createDialog.players')}
          options={seatChoices.map((n) => ({ value: n, text: t('battles.seats', { count: n }) }))}
          value={draft.seats}
          onChange={chooseSeats}
        />
        <Choice
          label={t('battles.createDialog.mode')}
          options={modes.map((m) => ({ value: m, text: t(`battles.mode.${m}`) }))}
          value={draft.mode}
          onChange={(mode) => setDraft((d) => ({ ...d, mode }))}
        />
        <Choice
          label={t('battles.createDialog.rule')}
          options={rules.map((r) => ({
            value: r,
            text: t(`battles.rule.${r}`),
            disabled: r === TEAM_RULE && draft.seats !== TEAM_SEATS,
            title: r === TEAM_RULE && draft.seats !== TEAM_SEATS ? t('battles.createDialog.teamNeedsFour') : undefined,
          }))}
          value={draft.rule}
          onChange={(r) => setDraft((d) => ({ ...d, rule: r }))}
        />
        <p className="battle-create__rule-hint">{t(`battles.ruleHint.${draft.rule}`)}</p>
        <p className="battle-create__total">
          {t('battles.createDialog.total')}
          <Price units={totalUnits} className="battle-create__total-price" />
        </p>
        <p className="battle-create__hint">
          {t('battles.createDialog.consolation', { value: (consolationBp / 100).toString() })}
        </p>
        <button
          type="button"
          className="button button--primary button--lg battle-create__confirm"
          disabled={create.isPending}
          onClick={() => void submit()}
        >
          {t('battles.createDialog.confirm')}
        </button>
      </section>
    </div>
  );
}

function Choice({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: number; text: string; disabled?: boolean; title?: string }[];
  value: number | null;
  onChange: (value: number) => void;
}) {
  return (
    <fieldset className="battle-choice">
      <legend>{label}</legend>
      <div className="battle-choice__options">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={o.value === value}
            className={`battle-choice__option ${o.value === value ? 'is-active' : ''}`}
            disabled={o.disabled}
            title={o.title}
            onClick={() => onChange(o.value)}
          >
            {o.text}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
