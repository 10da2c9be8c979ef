import { KING_BOARDS, type KingBoard, type KingRow, type KingView } from '@kaixiang/shared/boards';
import { isQuality, QUALITY_COLORS } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCrown } from '../../../components/icons.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useKingBoard } from '../api/boards.ts';
import { boardsTexts } from '../texts.ts';
import {
  BoardStatus,
  BoardTable,
  MyStanding,
  multipleText,
  PeriodClock,
  PlayerCell,
  type ScoreKind,
} from './board-bits.tsx';
import '../boards.css';

const BACKS = [0, 1] as const;
const KIND: Record<KingBoard, ScoreKind> = { king_value: 'units', king_multiple: 'bp' };

/**
 * /vipUnpackingKing (开箱王): today's (or yesterday's) two crowns, the best single opening by value
 * and by multiple of the box price, each king large above ranks 2–10.
 */
export function KingPage() {
  return (
    <FeatureTextsGate texts={boardsTexts}>
      <King />
    </FeatureTextsGate>
  );
}

function King() {
  const { t } = useTranslation();
  const [back, setBack] = useState<0 | 1>(0);
  const query = useKingBoard(back);
  const view = query.data;
  return (
    <div className="page boards-page king-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconCrown size={26} />
        </span>
        <div>
          <h1>{t('boards.king.title')}</h1>
          <p>{t('boards.king.subtitle')}</p>
        </div>
      </header>
      <div className="boards-filters">
        <SegTabs
          label={t('boards.king.backLabel')}
          options={BACKS.map((b) => ({
            key: String(b),
            value: b,
            text: t(`boards.king.back.${b === 0 ? 'now' : 'last'}`),
          }))}
          value={back}
          onChange={setBack}
        />
      </div>
      {view ? (
        <div className="king-crowns">
          {KING_BOARDS.map((b) => (
            <Crown key={b} board={b} view={view} offsetMs={view.offsetMs} />
          ))}
        </div>
      ) : (
        <section className="panel boards-panel">
          <BoardStatus query={query} />
        </section>
      )}
      <p className="boards-rules">{t('boards.king.rules')}</p>
    </div>
  );
}

function Crown({ board, view, offsetMs }: { board: KingBoard; view: KingView; offsetMs: number }) {
  const { t } = useTranslation();
  const crown = board === 'king_value' ? view.by_value : view.by_multiple;
  const [king, ...rest] = crown.list;
  const kind = KIND[board];
  const scoreLabel = t(`boards.king.score.${board}`);
  return (
    <section className="panel boards-panel king-crown" data-testid={`king-${board}`}>
      <div className="boards-panel__head">
        <div>
          <h2>{t(`boards.king.crown.${board}`)}</h2>
          <p className="king-crown__hint">{t(`boards.king.crownHint.${board}`)}</p>
        </div>
        <PeriodClock endsAt={crown.ends_at} closed={crown.closed} enabled={crown.enabled} offsetMs={offsetMs} />
      </div>
      {king ? <KingHero row={king} board={board} /> : <p className="king-crown__none">{t('boards.king.noKing')}</p>}
      {rest.length > 0 && (
        <BoardTable rows={rest} kind={kind} scoreLabel={scoreLabel} label={t(`boards.king.crown.${board}`)} />
      )}
      <MyStanding me={crown.me} kind={kind} scoreLabel={scoreLabel} />
    </section>
  );
}

/** Rank 1: the item large, what it came from, its multiple, who opened it and the crown's prize. */
function KingHero({ row, board }: { row: KingRow; board: KingBoard }) {
  const { t } = useTranslation();
  const rarity = isQuality(row.item.quality)
    ? ({ '--rarity': QUALITY_COLORS[row.item.quality] } as CSSProperties)
    : undefined;
  return (
    <div className="king-hero" data-testid="king-hero">
      <div className="king-hero__pic" style={rarity}>
        <IconCrown size={22} className="king-hero__crown" />
        <ItemImage src={row.item.img} alt={row.item.name} itemId={row.item.item_id} className="king-hero__img" />
      </div>
      <div className="king-hero__text">
        <strong className="king-hero__item">{row.item.name}</strong>
        <span className="king-hero__box">
          {t('boards.king.box', { name: row.box.name, price: formatUnits(row.box.price) })}
        </span>
        <div className="king-hero__figures">
          <span className={board === 'king_value' ? 'is-score' : undefined}>¥{formatUnits(row.item.price)}</span>
          <span className={board === 'king_multiple' ? 'is-score' : undefined}>{multipleText(row.multiple_bp)}</span>
        </div>
        <PlayerCell row={row} />
        {row.prize > 0 && (
          <span className="king-hero__prize">{t('boards.king.prize', { value: formatUnits(row.prize) })}</span>
        )}
      </div>
    </div>
  );
}
