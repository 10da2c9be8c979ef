import { ADMIN_MAIL_MAX_ITEMS, ADMIN_REASON_MAX } from '@kaixiang/shared/admin-players';
import { formatUnits, yuanToUnits } from '@kaixiang/shared/money';
import { CURRENCIES, type Currency } from '@kaixiang/shared/wallet';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueItemPicker, type PickedCatalogueItem } from '../../../../components/catalogue-item-picker.tsx';
import { Dialog } from '../../../../components/dialog.tsx';
import { Price } from '../../../../components/price.tsx';
import { useKeptRequestId } from '../../../../lib/paid-request.ts';
import { unitsOf } from '../../format.ts';
import { useAdjustBalance, useBanPlayer, useResetPassword, useSendMail } from './players-api.ts';

/** The server's words for a refusal, shown in the dialog (the console's toast may be gone by then). */
function RefusalMessage({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="adm-form__error" role="alert">
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

function ReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <label className="adm-field">
      <span className="adm-field__label">{t('adminPlayers.actions.reason')}</span>
      <textarea
        className="adm-input"
        required
        maxLength={ADMIN_REASON_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function ActionDialog({
  title,
  onClose,
  onSubmit,
  busy,
  submitText,
  canSubmit,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  submitText: string;
  canSubmit: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit && !busy) onSubmit();
  };
  return (
    <Dialog open onClose={onClose} title={title} size="sm">
      <form className="adm-form" onSubmit={submit}>
        {children}
        <div className="adm-form__actions">
          <button type="button" className="button button--ghost button--sm" onClick={onClose}>
            {t('adminPlayers.actions.cancel')}
          </button>
          <button type="submit" className="button button--primary button--sm" disabled={!canSubmit || busy}>
            {submitText}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Ban or unban: a ban ends every session the player has, which the dialog says before it is confirmed. */
export function BanDialog({ userId, ban, onClose }: { userId: number; ban: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const mutation = useBanPlayer(ban);
  const verb = ban ? 'ban' : 'unban';
  return (
    <ActionDialog
      title={t(`adminPlayers.actions.${verb}Title`)}
      onClose={onClose}
      busy={mutation.isPending}
      canSubmit={reason.trim() !== ''}
      submitText={t(`adminPlayers.actions.${verb}Confirm`)}
      onSubmit={() => mutation.mutate({ user_id: userId, reason: reason.trim() }, { onSuccess: onClose })}
    >
      <p>{t(`adminPlayers.actions.${verb}Hint`)}</p>
      <ReasonField value={reason} onChange={setReason} />
      <RefusalMessage error={mutation.error} />
    </ActionDialog>
  );
}

/** A temporary password, shown once: it is not kept anywhere it could be read again. */
export function ResetPasswordDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [copied, setCopied] = useState(false);
  const mutation = useResetPassword();
  if (mutation.data) {
    const password = mutation.data.temporary_password;
    return (
      <Dialog open onClose={onClose} title={t('adminPlayers.actions.resetTitle')} size="sm">
        <p>{t('adminPlayers.actions.resetDone', { count: mutation.data.sessions_ended })}</p>
        <p className="adm-secret">
          <code>{password}</code>{' '}
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() =>
              void navigator.clipboard?.writeText(password).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t('adminPlayers.actions.copied') : t('adminPlayers.actions.copy')}
          </button>
        </p>
        <p className="adm-table__muted">{t('adminPlayers.actions.resetOnce')}</p>
      </Dialog>
    );
  }
  return (
    <ActionDialog
      title={t('adminPlayers.actions.resetTitle')}
      onClose={onClose}
      busy={mutation.isPending}
      canSubmit={reason.trim() !== ''}
      submitText={t('adminPlayers.actions.resetConfirm')}
      onSubmit={() => mutation.mutate({ user_id: userId, reason: reason.trim() })}
    >
      <p>{t('adminPlayers.actions.resetHint')}</p>
      <ReasonField value={reason} onChange={setReason} />
      <RefusalMessage error={mutation.error} />
    </ActionDialog>
  );
}

/** Yuan as typed ("-12.5", "+3") to signed units; null when it is not an amount or is zero. */
export function parseSignedYuan(text: string, currency: Currency): number | null {
  const trimmed = text.trim().replace(/^\+/, '');
  // Points are whole points, not money: no yuan conversion.
  if (currency === 'point') return /^-?\d+$/.test(trimmed) && Number(trimmed) !== 0 ? Number(trimmed) : null;
  try {
    const units = yuanToUnits(trimmed);
    return units === 0 ? null : units;
  } catch {
    return null;
  }
}

const showAmount = (units: number, currency: Currency) =>
  currency === 'point' ? String(units) : `¥${formatUnits(units)}`;

export function AdjustBalanceDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<Currency>('coin');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const mutation = useAdjustBalance();
  // One id per attempt: an answer lost on the way (network, timeout) is retried with the same id,
  // so the server moves the money at most once; anything else starts a new attempt.
  const requestIds = useKeptRequestId();
  const units = parseSignedYuan(amount, currency);

  const submit = () => {
    if (units === null) return;
    const body = { user_id: userId, currency, amount: units, reason: reason.trim() };
    mutation.mutate(
      { ...body, request_id: requestIds.idFor(JSON.stringify(body)) },
      { onSettled: (_answer, error) => requestIds.settled(error ?? undefined) },
    );
  };

  if (mutation.data) {
    const r = mutation.data;
    return (
      <Dialog open onClose={onClose} title={t('adminPlayers.actions.adjustTitle')} size="sm">
        <p role="status">
          {t('adminPlayers.actions.adjustDone', {
            currency: t(`adminPlayers.currency.${r.currency}`),
            before: showAmount(r.balance_before, r.currency),
            after: showAmount(r.balance_after, r.currency),
          })}
        </p>
        <div className="adm-form__actions">
          <button type="button" className="button button--primary button--sm" onClick={onClose}>
            {t('adminPlayers.actions.close')}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <ActionDialog
      title={t('adminPlayers.actions.adjustTitle')}
      onClose={onClose}
      busy={mutation.isPending}
      canSubmit={units !== null && reason.trim() !== ''}
      submitText={t('adminPlayers.actions.adjustConfirm')}
      onSubmit={submit}
    >
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPlayers.actions.currency')}</span>
        <select className="adm-select" value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {t(`adminPlayers.currency.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="adm-field">
        <span className="adm-field__label">
          {currency === 'point' ? t('adminPlayers.actions.amountPoints') : t('adminPlayers.actions.amount')}
        </span>
        <input
          className="adm-input"
          inputMode="decimal"
          value={amount}
          placeholder={t('adminPlayers.actions.amountHint')}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <ReasonField value={reason} onChange={setReason} />
      <RefusalMessage error={mutation.error} />
    </ActionDialog>
  );
}

/** Yuan as typed to units for an attachment; 0 when empty, null when it is not an amount. */
function parseCoins(text: string): number | null {
  if (text.trim() === '') return 0;
  const units = unitsOf(text);
  return units !== null && units >= 0 ? units : null;
}

/**
 * A mail to the player (admin/v1/players/send-mail), with coins and catalogue items attached when
 * the staff member may move value (balance.adjust; the server checks it again). Items are picked
 * from the catalogue, which needs one of the permissions its search asks.
 */
export function SendMailDialog({
  userId,
  canAttach,
  canPickItems,
  onClose,
}: {
  userId: number;
  canAttach: boolean;
  canPickItems: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [coins, setCoins] = useState('');
  // Each attachment keyed by when it was added: the same item in the same wear may be attached twice.
  const [items, setItems] = useState<{ key: number; pick: PickedCatalogueItem }[]>([]);
  const added = useRef(0);
  // The item being chosen (then its wear); it joins the attachments when added.
  const [pick, setPick] = useState<PickedCatalogueItem | null>(null);
  const [reason, setReason] = useState('');
  const mutation = useSendMail();
  // As for an adjustment: a lost answer is retried under the same id, so the mail goes once.
  const requestIds = useKeptRequestId();
  const coinUnits = canAttach ? parseCoins(coins) : 0;
  const attached = canAttach ? items.map(({ pick: p }) => ({ item_def_id: p.item.item_id, exter: p.exter })) : [];

  const submit = () => {
    if (coinUnits === null) return;
    const body = {
      user_id: userId,
      title: title.trim(),
      content: content.trim(),
      coins: coinUnits,
      items: attached,
      reason: reason.trim(),
    };
    mutation.mutate(
      { ...body, request_id: requestIds.idFor(JSON.stringify(body)) },
      { onSettled: (_answer, error) => requestIds.settled(error ?? undefined) },
    );
  };

  if (mutation.data) {
    const r = mutation.data;
    return (
      <Dialog open onClose={onClose} title={t('adminPlayers.actions.mailTitle')} size="sm">
        <p role="status">
          {t('adminPlayers.actions.mailDone', { id: r.mail_id, coins: `¥${formatUnits(r.coins)}`, items: r.items })}
        </p>
        <div className="adm-form__actions">
          <button type="button" className="button button--primary button--sm" onClick={onClose}>
            {t('adminPlayers.actions.close')}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <ActionDialog
      title={t('adminPlayers.actions.mailTitle')}
      onClose={onClose}
      busy={mutation.isPending}
      canSubmit={title.trim() !== '' && coinUnits !== null && reason.trim() !== ''}
      submitText={t('adminPlayers.actions.mailConfirm')}
      onSubmit={submit}
    >
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPlayers.actions.mailSubject')}</span>
        <input className="adm-input" required maxLength={60} value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminPlayers.actions.mailBody')}</span>
        <textarea
          className="adm-input"
          maxLength={2_000}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      {canAttach ? (
        <>
          <label className="adm-field">
            <span className="adm-field__label">{t('adminPlayers.actions.mailCoins')}</span>
            <input
              className="adm-input"
              inputMode="decimal"
              value={coins}
              aria-invalid={coinUnits === null}
              onChange={(e) => setCoins(e.target.value)}
            />
          </label>
          {canPickItems && (
            <fieldset className="adm-field adm-mail-items">
              <legend className="adm-field__label">
                {t('adminPlayers.actions.mailItems', { max: ADMIN_MAIL_MAX_ITEMS })}
              </legend>
              {items.length === 0 ? (
                <p className="adm-table__muted">{t('adminPlayers.actions.mailNoItems')}</p>
              ) : (
                <ul
                  className="adm-mail-items__list"
                  aria-label={t('adminPlayers.actions.mailItems', { max: ADMIN_MAIL_MAX_ITEMS })}
                >
                  {items.map(({ key, pick: p }) => (
                    <li key={key}>
                      <span>{p.item.name}</span> <Price units={p.price} />{' '}
                      <button
                        type="button"
                        className="button button--ghost button--sm"
                        onClick={() => setItems(items.filter((a) => a.key !== key))}
                      >
                        {t('adminPlayers.actions.mailRemove')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {items.length < ADMIN_MAIL_MAX_ITEMS && (
                <>
                  <CatalogueItemPicker value={pick} onChange={setPick} />
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    disabled={pick === null}
                    onClick={() => {
                      if (pick) setItems([...items, { key: ++added.current, pick }]);
                      setPick(null);
                    }}
                  >
                    {t('adminPlayers.actions.mailAdd')}
                  </button>
                </>
              )}
            </fieldset>
          )}
        </>
      ) : (
        <p className="adm-table__muted">{t('adminPlayers.actions.mailTextOnly')}</p>
      )}
      <ReasonField value={reason} onChange={setReason} />
      <RefusalMessage error={mutation.error} />
    </ActionDialog>
  );
}
