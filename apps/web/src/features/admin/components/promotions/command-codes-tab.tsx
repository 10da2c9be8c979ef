import {
  type AdminCommandCode,
  COMMAND_CODE_MAX_COIN_UNITS,
  COMMAND_CODE_MAX_USES,
} from '@kaixiang/shared/admin-command-codes';
import { isWearGrade, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { COMMAND_KEY_MAX } from '@kaixiang/shared/vip';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueItemPicker, type PickedCatalogueItem } from '../../../../components/catalogue-item-picker.tsx';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime, unitsOf } from '../../format.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { InputField, QueryTable } from '../console-form.tsx';
import { FormDialog, StateTag, TabToolbar, useRuleText } from './promotion-bits.tsx';
import { intOf, msOf, useCommandCodes, useCreateCommandCode, useSwitchCommandCode } from './promotions-api.ts';

/**
 * Make a code (admin/v1/command-codes/create): the text players type (empty: the server makes an
 * unguessable one), a catalogue item and/or coins each use grants, the uses and the window. A
 * code cannot be edited afterwards, only disabled and enabled again, as the API allows.
 */
function CodeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const create = useCreateCommandCode();
  const [code, setCode] = useState('');
  const [item, setItem] = useState<PickedCatalogueItem | null>(null);
  const [coin, setCoin] = useState('0');
  const [uses, setUses] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const coins = unitsOf(coin || '0');
    const count = intOf(uses);
    const start = startsAt ? msOf(startsAt) : null;
    const end = endsAt ? msOf(endsAt) : null;
    let broken: string | null = null;
    if (coins === null || coins < 0 || coins > COMMAND_CODE_MAX_COIN_UNITS) {
      broken = t('adminPromotions.codes.form.coinProblem');
    } else if (!item && coins === 0) broken = rule('COMMAND_CODE_GRANT_EMPTY');
    else if (count === null || count < 1 || count > COMMAND_CODE_MAX_USES) {
      broken = t('adminPromotions.codes.form.usesProblem', { max: COMMAND_CODE_MAX_USES });
    } else if (
      (startsAt && start === null) ||
      (endsAt && end === null) ||
      (start !== null && end !== null && start >= end)
    ) {
      broken = rule('COMMAND_CODE_WINDOW');
    }
    setProblem(broken);
    if (broken || coins === null || count === null) return;
    create.mutate(
      {
        code: code.trim(),
        item_id: item ? item.item.item_id : null,
        exter: item ? item.exter : null,
        coin: coins,
        uses: count,
        starts_at: start,
        ends_at: end,
        reason: reason.trim(),
      },
      { onSuccess: onClose },
    );
  }

  return (
    <FormDialog
      title={t('adminPromotions.codes.form.newTitle')}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={create}
    >
      <div className="adm-promotions__row">
        <InputField
          label={t('adminPromotions.codes.form.code')}
          maxLength={COMMAND_KEY_MAX}
          value={code}
          onValue={setCode}
        />
        <InputField label={t('adminPromotions.codes.form.coin')} inputMode="decimal" value={coin} onValue={setCoin} />
        <InputField
          label={t('adminPromotions.codes.form.uses', { max: COMMAND_CODE_MAX_USES })}
          inputMode="numeric"
          value={uses}
          onValue={setUses}
        />
        <InputField
          label={t('adminPromotions.codes.form.startsAt')}
          type="datetime-local"
          value={startsAt}
          onValue={setStartsAt}
        />
        <InputField
          label={t('adminPromotions.codes.form.endsAt')}
          type="datetime-local"
          value={endsAt}
          onValue={setEndsAt}
        />
      </div>
      <p className="adm-table__muted">{t('adminPromotions.codes.form.itemHint')}</p>
      <CatalogueItemPicker value={item} onChange={setItem} />
      {item && (
        <button type="button" className="button button--ghost button--sm" onClick={() => setItem(null)}>
          {t('adminPromotions.codes.form.noItem')}
        </button>
      )}
    </FormDialog>
  );
}

/** A code's state: usable now, off (disabled), used up, or on but outside its window. */
const stateOf = (c: AdminCommandCode) =>
  c.active ? 'usable' : !c.enabled ? 'disabled' : c.uses_left === 0 ? 'usedUp' : 'inactive';

/** Disables a code, or enables it again, with a reason. */
function SwitchDialog({ code, onClose }: { code: AdminCommandCode; onClose: () => void }) {
  const { t } = useTranslation();
  const enable = !code.enabled;
  const send = useSwitchCommandCode(enable);
  const key = enable ? 'enable' : 'disable';
  return (
    <ReasonDialog
      title={t(`adminPromotions.codes.${key}Title`, { code: code.code })}
      hint={t(`adminPromotions.codes.${key}Hint`)}
      submitText={t(`adminPromotions.codes.${key}`)}
      busy={send.isPending}
      error={send.error}
      onClose={onClose}
      onSubmit={(reason) => send.mutate({ id: code.id, reason }, { onSuccess: onClose })}
    />
  );
}

/** The command codes tab: every code, newest first, with what it grants and its uses left; make, disable, enable. */
export function CommandCodesTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const codes = useCommandCodes();
  const [creating, setCreating] = useState(false);
  const [switching, setSwitching] = useState<AdminCommandCode | null>(null);
  const when = (ms: number | null) => (ms === null ? t('adminPromotions.codes.open') : localDateTime(ms));
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.codes.title')}
        createText={t('adminPromotions.codes.create')}
        onCreate={() => setCreating(true)}
      />
      <QueryTable
        query={codes}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.codes.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.codes.col.code'),
          t('adminPromotions.codes.col.grants'),
          t('adminPromotions.codes.col.uses'),
          t('adminPromotions.codes.col.window'),
          t('adminPromotions.col.state'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((c) => (
            <tr key={c.id} className="adm-table__row">
              <td className="adm-table__mono">{c.id}</td>
              <td className="adm-table__mono">{c.code}</td>
              <td>
                {c.item_id !== null && (
                  <>
                    {`${c.item_name} ${c.exter !== null && isWearGrade(c.exter) ? WEAR_GRADE_LABELS[c.exter][locale] : ''}`.trim()}{' '}
                    <span className="adm-table__muted">
                      (<Price units={c.worth} />)
                    </span>
                    <br />
                  </>
                )}
                {c.coin > 0 && (
                  <>
                    {t('adminPromotions.codes.coins')} <Price units={c.coin} />
                  </>
                )}
              </td>
              <td>{t('adminPromotions.codes.usesLeft', { left: c.uses_left, uses: c.uses })}</td>
              <td className="adm-table__time">
                {when(c.starts_at)}
                <br />
                {when(c.ends_at)}
              </td>
              <td>
                <StateTag state={stateOf(c)} />
              </td>
              <td className="adm-promotions__actions">
                <button type="button" className="button button--ghost button--sm" onClick={() => setSwitching(c)}>
                  {t(c.enabled ? 'adminPromotions.codes.disable' : 'adminPromotions.codes.enable')}
                </button>
              </td>
            </tr>
          ))
        }
      />
      {creating && <CodeDialog onClose={() => setCreating(false)} />}
      {switching && <SwitchDialog key={switching.id} code={switching} onClose={() => setSwitching(null)} />}
    </div>
  );
}
