import type { AdminCupFixture } from '@kaixiang/shared/cup';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localInput } from '../../format.ts';
import { InputField } from '../console-form.tsx';
import { intOf, msOf } from '../promotions/promotions-api.ts';
import { oddsBpOf, oddsText, useCreateCupFixture, useUpdateCupFixture } from './events-api.ts';
import { FormDialog, type Localised, LocalisedInputs, localisedFields, localisedOf } from './events-bits.tsx';

const NAME_MAX = 40;
const FLAG_MAX = 300;
/** The API's bounds (cup.ts): odds 1.00× to 100×, a stake cap of 1 to 100,000,000 points. */
const ODDS_MIN_BP = 10_000;
const ODDS_MAX_BP = 1_000_000;
const STAKE_MAX = 100_000_000;
const DAY = 86_400_000;

/**
 * Create or edit a fixture (admin/v1/cup/create-fixture, update-fixture). Odds are typed as
 * decimals (2.35) and sent in basis points; a fixture that cannot end level has no draw odds (null).
 * The server refuses an edit once the fixture has kicked off: its words are shown.
 */
export function FixtureDialog({
  tournamentId,
  fixture,
  onClose,
}: {
  tournamentId: number;
  fixture: AdminCupFixture | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCupFixture();
  const update = useUpdateCupFixture();
  const send = fixture ? update : create;
  const [stage, setStage] = useState(() => localisedOf(fixture, 'stage'));
  const [home, setHome] = useState(() => localisedOf(fixture, 'home'));
  const [away, setAway] = useState(() => localisedOf(fixture, 'away'));
  const [homeFlag, setHomeFlag] = useState(fixture?.home_flag ?? '');
  const [awayFlag, setAwayFlag] = useState(fixture?.away_flag ?? '');
  const [kickoff, setKickoff] = useState(() => localInput(fixture?.kickoff_at ?? Date.now() + DAY));
  const [oddsHome, setOddsHome] = useState(fixture ? oddsText(fixture.odds_home_bp) : '');
  const [oddsDraw, setOddsDraw] = useState(fixture?.odds_draw_bp ? oddsText(fixture.odds_draw_bp) : '');
  const [oddsAway, setOddsAway] = useState(fixture ? oddsText(fixture.odds_away_bp) : '');
  const [noDraw, setNoDraw] = useState(fixture ? fixture.odds_draw_bp === null : false);
  const [maxStake, setMaxStake] = useState(String(fixture?.max_stake ?? 1_000));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const kickoffMs = msOf(kickoff);
    const odds = [oddsBpOf(oddsHome), noDraw ? ODDS_MIN_BP : oddsBpOf(oddsDraw), oddsBpOf(oddsAway)];
    const stake = intOf(maxStake);
    let broken: string | null = null;
    if (!home.zh_cn.trim() || !away.zh_cn.trim()) broken = t('adminEvents.cup.fixtureForm.teamProblem');
    else if (kickoffMs === null) broken = t('adminEvents.cup.fixtureForm.kickoffProblem');
    else if (odds.some((o) => o === null || o < ODDS_MIN_BP || o > ODDS_MAX_BP))
      broken = t('adminEvents.cup.fixtureForm.oddsProblem');
    else if (stake === null || stake < 1 || stake > STAKE_MAX)
      broken = t('adminEvents.cup.fixtureForm.stakeProblem', { max: STAKE_MAX });
    setProblem(broken);
    const [homeBp, drawBp, awayBp] = odds;
    if (broken || kickoffMs === null || stake === null || !homeBp || !drawBp || !awayBp) return;
    const body = {
      ...localisedFields('stage', stage),
      ...localisedFields('home', home),
      home_flag: homeFlag.trim(),
      ...localisedFields('away', away),
      away_flag: awayFlag.trim(),
      kickoff_at: kickoffMs,
      odds_home_bp: homeBp,
      odds_draw_bp: noDraw ? null : drawBp,
      odds_away_bp: awayBp,
      max_stake: stake,
      reason: reason.trim(),
    };
    if (fixture) update.mutate({ id: fixture.id, ...body }, { onSuccess: onClose });
    else create.mutate({ tournament_id: tournamentId, ...body }, { onSuccess: onClose });
  }

  const nameFields = (key: 'stage' | 'home' | 'away', value: Localised, set: (n: Localised) => void) => (
    <LocalisedInputs
      label={(lang) => t(`adminEvents.cup.fixtureForm.${key}`, { lang })}
      maxLength={NAME_MAX}
      value={value}
      onValue={set}
    />
  );

  return (
    <FormDialog
      title={
        fixture
          ? t('adminEvents.cup.fixtureForm.editTitle', { id: fixture.id })
          : t('adminEvents.cup.fixtureForm.newTitle')
      }
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      <div className="adm-events__row">{nameFields('stage', stage, setStage)}</div>
      <div className="adm-events__row">
        {nameFields('home', home, setHome)}
        <InputField
          label={t('adminEvents.cup.fixtureForm.homeFlag')}
          maxLength={FLAG_MAX}
          value={homeFlag}
          onValue={setHomeFlag}
        />
      </div>
      <div className="adm-events__row">
        {nameFields('away', away, setAway)}
        <InputField
          label={t('adminEvents.cup.fixtureForm.awayFlag')}
          maxLength={FLAG_MAX}
          value={awayFlag}
          onValue={setAwayFlag}
        />
      </div>
      <div className="adm-events__row">
        <InputField
          label={t('adminEvents.cup.fixtureForm.kickoff')}
          type="datetime-local"
          value={kickoff}
          onValue={setKickoff}
        />
        <InputField
          label={t('adminEvents.cup.fixtureForm.oddsHome')}
          inputMode="decimal"
          value={oddsHome}
          onValue={setOddsHome}
        />
        <InputField
          label={t('adminEvents.cup.fixtureForm.oddsDraw')}
          inputMode="decimal"
          disabled={noDraw}
          value={noDraw ? '' : oddsDraw}
          onValue={setOddsDraw}
        />
        <InputField
          label={t('adminEvents.cup.fixtureForm.oddsAway')}
          inputMode="decimal"
          value={oddsAway}
          onValue={setOddsAway}
        />
        <InputField
          label={t('adminEvents.cup.fixtureForm.maxStake')}
          inputMode="numeric"
          value={maxStake}
          onValue={setMaxStake}
        />
      </div>
      <label className="adm-events__check">
        <input type="checkbox" checked={noDraw} onChange={(e) => setNoDraw(e.target.checked)} />
        {t('adminEvents.cup.fixtureForm.noDraw')}
      </label>
      <p className="adm-table__muted">{t('adminEvents.cup.fixtureForm.oddsHint')}</p>
    </FormDialog>
  );
}
