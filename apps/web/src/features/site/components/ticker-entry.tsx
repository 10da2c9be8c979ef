import type { RewardHistoryEntry } from '@kaixiang/shared/site';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { IconBattle, type IconBox, IconCard, IconRoll, IconTrophy, IconUpgrade } from '../../../components/icons.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { unpackingRecordPath } from '../../../lib/paths.ts';

/** jewelry_rarity 1..4 picks a colour tier: blue, purple, red, gold. */
const RARITY_COLORS: Record<number, string> = { 1: '#4b69ff', 2: '#8847ff', 3: '#eb4b4b', 4: '#e4ae39' };

/** game_type 2..6 picks the mode icon (spec 1 §3); 0 and 1 are plain box openings. */
const MODE_ICONS: Record<number, typeof IconBox> = {
  2: IconBattle,
  3: IconUpgrade,
  4: IconRoll,
  5: IconCard,
  6: IconTrophy,
};

export function TickerEntry({ entry }: { entry: RewardHistoryEntry }) {
  const { t } = useTranslation();
  // Every viewer reads the item in their own language, whoever won it and in whatever language.
  const itemName = entry.reward_item_names[useLocale()] || entry.reward_item_name;
  const navigate = useNavigate();
  const ModeIcon = MODE_ICONS[entry.game_type];
  const style = { '--rarity': RARITY_COLORS[entry.jewelry_rarity] ?? RARITY_COLORS[1] } as CSSProperties;
  const modeName = t(`ticker.mode.${entry.game_type}`, { defaultValue: t('ticker.mode.0') });
  const content = (
    <>
      <span className="ticker-entry__face ticker-entry__face--item">
        {ModeIcon && (
          <span className="ticker-entry__mode" title={modeName}>
            <ModeIcon size={12} />
          </span>
        )}
        <ItemImage
          src={entry.reward_item_img}
          alt={itemName}
          itemId={entry.item_id ?? undefined}
          className="ticker-entry__img"
        />
        <span className="ticker-entry__name">{itemName}</span>
        <Price units={entry.reward_item_price} className="ticker-entry__price" />
      </span>
      <span className="ticker-entry__face ticker-entry__face--user" aria-hidden="true">
        <Avatar src={entry.avatar} name={entry.nick_name} size={34} />
        <span className="ticker-entry__who">
          <span className="ticker-entry__nick">{entry.nick_name}</span>
          <VipBadge level={entry.vip_level} />
        </span>
        {entry.img ? (
          <img className="ticker-entry__box" src={entry.img} alt="" />
        ) : (
          <span className="ticker-entry__via">{modeName}</span>
        )}
      </span>
    </>
  );
  const label = t('ticker.entryLabel', { name: entry.nick_name, item: itemName });
  return (
    <li className="ticker-entry" style={style}>
      {entry.game_type > 0 ? (
        <button
          type="button"
          className="ticker-entry__inner"
          title={label}
          onClick={() => navigate(unpackingRecordPath(entry.user_id))}
        >
          {content}
        </button>
      ) : (
        <span className="ticker-entry__inner" title={label}>
          {content}
        </span>
      )}
    </li>
  );
}
