import { checkTradeLink } from '@kaixiang/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpPath } from '../../../../lib/paths.ts';
import { toast } from '../../../../lib/toast.ts';
import { useSetSteamLink } from '../../api/user-settings.ts';
import { useFieldError } from '../../hooks/use-field-error.ts';
import { TRADE_LINK_ANCHOR } from '../register-success-dialog.tsx';

/** The Steam trade link, needed to retrieve items; bound once for the free box (spec 2 §2). */
export function TradeLinkField({ current }: { current: string }) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const [value, setValue] = useState<string | null>(null);
  const save = useSetSteamLink();
  const link = value ?? current;

  function submit() {
    if (showError(checkTradeLink(link))) return;
    save.mutate(link.trim(), {
      onSuccess: () => {
        toast.success(t('profile.tradeLinkBound'));
        setValue(null);
      },
    });
  }

  return (
    <div className="trade-link" id={TRADE_LINK_ANCHOR}>
      <div className="auth-field">
        <input
          className="auth-field__input"
          aria-label={t('profile.tradeLink')}
          placeholder={t('profile.tradeLinkPlaceholder')}
          value={link}
          maxLength={300}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
      </div>
      <button type="button" className="button button--primary" disabled={save.isPending} onClick={submit}>
        {t('profile.bindTradeLink')}
      </button>
      <Link className="trade-link__help" to={helpPath('tradeLink')} target="_blank">
        {t('profile.tradeLinkHelp')}
      </Link>
    </div>
  );
}
