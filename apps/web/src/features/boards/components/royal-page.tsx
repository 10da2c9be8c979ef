import { PERIOD_KINDS, type PeriodKind, ROYAL_BOARDS, type RoyalBoard } from '@kaixiang/shared/boards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrophy } from '../../../components/icons.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useRoyalBoard } from '../api/boards.ts';
import { boardsTexts } from '../texts.ts';
import { BoardStatus, BoardTable, MyStanding, PeriodClock } from './board-bits.tsx';
import '../boards.css';

const BACKS = [0, 1] as const;

/** /ranking (王者排行): the PK, Cases and Upgrade boards by day and week, this period or the last. */
export function RoyalPage() {
  return (
    <FeatureTextsGate texts={boardsTexts}>
      <Royal />
    </FeatureTextsGate>
  );
}

function Royal() {
  const { t } = useTranslation();
  const [board, setBoard] = useState<RoyalBoard>('pk');
  const [period, setPeriod] = useState<PeriodKind>('day');
  const [back, setBack] = useState<0 | 1>(0);
  const query = useRoyalBoard(board, period, back);
  const view = query.data;
  const scoreLabel = t(`boards.royal.score.${board}`);
  const playsLabel = t(`boards.royal.plays.${board}`);
  return (
    <div className="page boards-page royal-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconTrophy size={26} />
        </span>
        <div>
          <h1>{t('boards.royal.title')}</h1>
          <p>{t('boards.royal.subtitle')}</p>
        </div>
      </header>
      <div className="boards-filters">
        <SegTabs
          label={t('boards.royal.boardsLabel')}
          options={ROYAL_BOARDS.map((b) => ({ key: b, value: b, text: t(`boards.royal.board.${b}`) }))}
          value={board}
          onChange={setBoard}
        />
        <SegTabs
          label={t('boards.royal.periodLabel')}
          options={PERIOD_KINDS.map((p) => ({ key: p, value: p, text: t(`boards.royal.period.${p}`) }))}
          value={period}
          onChange={setPeriod}
        />
        <SegTabs
          label={t('boards.royal.backLabel')}
          options={BACKS.map((b) => ({
            key: String(b),
            value: b,
            text: t(`boards.royal.back.${period}.${b === 0 ? 'now' : 'last'}`),
          }))}
          value={back}
          onChange={setBack}
        />
      </div>
      <section className="panel boards-panel">
        {view ? (
          <>
            <div className="boards-panel__head">
              <h2>
                {t(`boards.royal.board.${board}`)} · {t(`boards.royal.back.${period}.${back === 0 ? 'now' : 'last'}`)}
              </h2>
              <PeriodClock endsAt={view.ends_at} closed={view.closed} enabled={view.enabled} offsetMs={view.offsetMs} />
            </div>
            <BoardTable
              rows={view.list}
              kind="units"
              scoreLabel={scoreLabel}
              playsLabel={playsLabel}
              label={t(`boards.royal.board.${board}`)}
            />
            <MyStanding me={view.me} kind="units" scoreLabel={scoreLabel} playsLabel={playsLabel} />
          </>
        ) : (
          <BoardStatus query={query} />
        )}
        <p className="boards-rules">{t('boards.royal.rules')}</p>
      </section>
    </div>
  );
}
