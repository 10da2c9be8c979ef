import type { SelfHistoryEntry } from '@kaixiang/shared/boxes';
import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLLS_PAGE_SIZE, useRolls } from '../api/get-rolls.ts';
import { qualityOf } from '../item-props.ts';
import { LuckyText } from './lucky-text.tsx';
import { ProofTable } from './proof-table.tsx';

export interface RollListProps {
  selectedId: number | null;
  onSelect: (entry: SelfHistoryEntry) => void;
}

const TIME: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** The player's own openings, newest first; each can be handed to the verifier. */
export function RollList({ selectedId, onSelect }: RollListProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const rolls = useRolls(page);
  return (
    <section className="panel roll-list" aria-labelledby="roll-list-title">
      <h2 id="roll-list-title">{t('fairness.rolls.title')}</h2>
      <ProofTable
        query={rolls}
        page={page}
        pageSize={ROLLS_PAGE_SIZE}
        onPage={setPage}
        empty={t('fairness.rolls.empty')}
        heads={[t('fairness.rolls.box'), t('fairness.rolls.item')]}
        cells={(e) => [
          <td key="box">{e.box_name}</td>,
          <td key="item" style={{ '--rarity': QUALITY_COLORS[qualityOf(e.quality)] } as CSSProperties}>
            <span className="roll-table__item">{e.name}</span>
            {e.lucky && (
              <span className={`roll-lucky ${e.lucky.award > 0 ? 'is-won' : ''}`}>
                <LuckyText textKey={e.lucky.award > 0 ? 'won' : 'roll'} roll={e.lucky.roll} />
              </span>
            )}
          </td>,
        ]}
        proof={(e) => ({
          nonce: e.roll.nonce,
          at: e.created_at,
          revealed: Boolean(e.roll.server_seed),
          verifyLabel: `${t('fairness.rolls.verify')} ${e.box_name} ${e.name} nonce ${e.roll.nonce}`,
        })}
        time={TIME}
        selectedId={selectedId}
        onSelect={onSelect}
      />
    </section>
  );
}
