import type { CupView } from '@kaixiang/shared/cup';
import { useTranslation } from 'react-i18next';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { BoardTable, MyStanding } from '../../boards/components/board-bits.tsx';
import { boardsTexts } from '../../boards/texts.ts';
import '../../boards/boards.css';

/**
 * The tournament's best predictors (score = points won) and the viewer's own place: the boards'
 * table and standing (features/boards), without a prize column.
 */
export function CupBoard({ rows, me }: { rows: CupView['board']; me: CupView['me'] }) {
  return (
    <FeatureTextsGate texts={boardsTexts} fallback={null}>
      <Board rows={rows} me={me} />
    </FeatureTextsGate>
  );
}

function Board({ rows, me }: { rows: CupView['board']; me: CupView['me'] }) {
  const { t } = useTranslation();
  const labels = { kind: 'points', scoreLabel: t('cup.board.score'), playsLabel: t('cup.board.plays') } as const;
  return (
    <div className="cup-board">
      <BoardTable rows={rows} {...labels} label={t('cup.view.board')} prizes={false} emptyText={t('cup.board.empty')} />
      <MyStanding me={me} {...labels} />
    </div>
  );
}
