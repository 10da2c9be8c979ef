import type { FreeBox } from '@kaixiang/shared/energy';
import { formatUnits } from '@kaixiang/shared/money';
import { checkTradeLink } from '@kaixiang/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '../../../../components/dialog.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { freeBoxesPath, helpPath } from '../../../../lib/paths.ts';
import { toast } from '../../../../lib/toast.ts';
import { freeBoxesQuery } from '../../../energy/api/free-boxes.ts';
import { useSetSteamLink } from '../../api/user-settings.ts';
import { useFieldError } from '../../hooks/use-field-error.ts';
import { TRADE_LINK_ANCHOR } from '../register-success-dialog.tsx';

/** The Steam trade link, needed to retrieve items; bound once for the free box (spec 2 §2). */
export function TradeLinkField({ current }: { current: string }) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const [value, setValue] = useState<string | null>(null);
  const save = useSetSteamLink();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const navigate = useNavigate();
  const [unlocked, setUnlocked] = useState<FreeBox | null>(null);
  const link = value ?? current;

  function submit() {
    if (showError(checkTradeLink(link))) return;
    const first = current === '';
    save.mutate(link.trim(), {
      onSuccess: async () => {
        setValue(null);
        // The first binding unlocks the trade-link free box: say so, and take the player to it.
        const free = first
          ? (await queryClient.fetchQuery(freeBoxesQuery(locale)).catch(() => null))?.list.find(
              (b) => b.kind === 'trade_link' && b.state === 'claimable',
            )
          : undefined;
        if (free) setUnlocked(free);
        else toast.success(t('profile.tradeLinkBound'));
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
      <Dialog
        open={unlocked !== null}
        onClose={() => setUnlocked(null)}
        size="sm"
        title={t('profile.tradeLinkFreeBox.title')}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setUnlocked(null)}>
              {t('profile.tradeLinkFreeBox.later')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setUnlocked(null);
                navigate(freeBoxesPath);
              }}
            >
              {t('profile.tradeLinkFreeBox.open')}
            </button>
          </>
        }
      >
        {unlocked && (
          <p className="trade-link__free">
            {t('profile.tradeLinkFreeBox.text', { name: unlocked.box_name, price: formatUnits(unlocked.price) })}
          </p>
        )}
      </Dialog>
    </div>
  );
}
