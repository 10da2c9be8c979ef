import { formatUnits } from '@kaixiang/shared/money';
import { COMMAND_KEY_MAX, COMMAND_LOCK_MS, type CommandRewardResponse } from '@kaixiang/shared/vip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSubmitLock } from '../../accounts/hooks/use-submit-lock.ts';
import { useClaimCommand } from '../api/command.ts';

/**
 * The code input and its claim (spec 2 §2 dialog 5), shared by the command dialog and the
 * 口令饰品 page: a recharge tier's key pays a red packet, a command item code (docs/promotions/
 * command-items.md) an item and/or coins. What the code granted stays shown under the input,
 * with a link to the inventory for an item. One claim per 3 s (the submit lock).
 */
export function CommandClaim({
  code,
  onCode,
  onLeave,
}: {
  code: string;
  onCode: (code: string) => void;
  /** Called when the player follows the inventory link (a dialog closes). */
  onLeave?: () => void;
}) {
  const { t } = useTranslation();
  const claim = useClaimCommand();
  const lock = useSubmitLock(COMMAND_LOCK_MS);
  const [granted, setGranted] = useState<CommandRewardResponse | null>(null);

  function submit() {
    const key = code.trim();
    if (!key || !lock.tryLock()) return;
    claim.mutate(key, {
      onSuccess: (res) => {
        setGranted(res);
        toast.success(
          res.item
            ? t('vip.command.claimedItem', { name: res.item.name })
            : t('vip.command.claimed', { amount: formatUnits(res.get_money) }),
        );
        onCode('');
      },
    });
  }

  return (
    <>
      <div className="command__claim">
        <input
          className="command__input"
          autoComplete="off"
          maxLength={COMMAND_KEY_MAX}
          aria-label={t('vip.command.label')}
          placeholder={t('vip.command.placeholder')}
          value={code}
          onChange={(e) => onCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
        <button
          type="button"
          className="button button--primary"
          disabled={code.trim() === '' || claim.isPending}
          onClick={submit}
        >
          {t('vip.command.submit')}
        </button>
      </div>
      {granted && <Granted granted={granted} onLeave={onLeave} />}
    </>
  );
}

function Granted({ granted, onLeave }: { granted: CommandRewardResponse; onLeave?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { item } = granted;
  return (
    <section className="command-granted" aria-label={t('vip.command.granted')} data-testid="command-granted">
      {item && <ItemImage src={item.img} alt={item.name} itemId={item.item_id} className="command-granted__img" />}
      <div className="command-granted__text">
        <p className="command-granted__title">{t('vip.command.granted')}</p>
        {item && (
          <p className="command-granted__name">
            {item.name}
            <span className="command-granted__worth">
              {t('vip.command.worth')}
              <Price units={item.price} />
            </span>
          </p>
        )}
        {granted.get_money > 0 && (
          <p className="command-granted__coins">
            {t('vip.command.coins')}
            <Price units={granted.get_money} />
          </p>
        )}
      </div>
      {item && (
        <Link className="button button--ghost command-granted__link" to={PATHS.inventory} onClick={onLeave}>
          {t('vip.command.toInventory')}
        </Link>
      )}
    </section>
  );
}
