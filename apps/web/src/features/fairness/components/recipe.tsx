import { TURNTABLE_INNER_FIRST, TURNTABLE_INNER_WEIGHTS, TURNTABLE_OUTER_WEIGHTS } from '@kaixiang/game/turntable';
import { BAG_PATHS, BAG_TICKETS } from '@kaixiang/shared/bags-paths';
import { BEACON_PATHS, DRAND_PUBLIC_URL, DRAND_QUICKNET } from '@kaixiang/shared/beacon';
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import { LUCKY_ODDS } from '@kaixiang/shared/lucky-paths';
import { UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';
import {
  WISH_MAX_RTP_PPM,
  WISH_POINT_UNITS,
  WISH_SCALE,
  WISHING_WELL_PATHS,
} from '@kaixiang/shared/wishing-well-paths';
import { type ReactNode, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { MESSAGE_TEMPLATES, PIECE_BITS, PIECE_HEX_DIGITS, PIECES_PER_DIGEST } from '../recipe/templates.ts';
import { verifierTexts } from '../verifier-texts.ts';
import { INNER_TICKETS, iconName, OUTER_TICKETS } from '../verify-turntable.ts';
import {
  BagExampleView,
  BattleExampleView,
  BeaconExampleView,
  BoxExampleView,
  LuckyExampleView,
  RainExampleView,
  RollExampleView,
  TreasureExampleView,
  TurntableExampleView,
  UpgradeExampleView,
  WishExampleView,
} from './recipe-examples.tsx';

/** What a step's text may fill in: numbers, and texts shown as code (messages, addresses). */
type Values = Record<string, string | number>;

interface Part {
  key: string;
  steps: [string, Values?][];
  example?: ReactNode;
}

/**
 * "Verify it yourself": every game's exact recipe, the way a player writes a verifier from this
 * page alone (issue 20) — the HMAC key and each message field by field (recipe/templates.ts, held
 * to the rules by recipe/independent.test.ts), the 52-bit sampler, how a number becomes a ticket,
 * seat, card or icon, the beacon and its round, tie-breaks — each with a worked example in real
 * numbers (recipe/examples.ts, recomputed by recipe/examples.test.ts).
 */
export function Recipe() {
  return (
    <FeatureTextsGate texts={verifierTexts} fallback={null}>
      <RecipePanel />
    </FeatureTextsGate>
  );
}

function RecipePanel() {
  const { t } = useTranslation();
  const id = useId();
  const sampler = { digits: PIECE_HEX_DIGITS, count: PIECES_PER_DIGEST, bits: PIECE_BITS };
  const icons = (weights: readonly number[], first: number) =>
    weights.map((w, i) => `${t(`fairness.turntable.icons.${iconName(first + i)}`)} ${w}`).join(' · ');
  const parts: Part[] = [
    {
      key: 'common',
      steps: [['seed'], ['hmac'], ['pieces', sampler], ['range', sampler], ['cursor', sampler], ['public']],
    },
    {
      key: 'beacon',
      steps: [
        [
          'drand',
          {
            chain: DRAND_QUICKNET.chainHash,
            genesis: DRAND_QUICKNET.genesisMs / 1000,
            period: DRAND_QUICKNET.periodMs / 1000,
          },
        ],
        ['round', { genesisMs: DRAND_QUICKNET.genesisMs, periodMs: DRAND_QUICKNET.periodMs }],
        ['drandCheck', { url: `${DRAND_PUBLIC_URL}/${DRAND_QUICKNET.chainHash}/public/{round}` }],
        [
          'local',
          {
            message: MESSAGE_TEMPLATES.localBeacon,
            url: `/api${BEACON_PATHS.round}?round={round}`,
            info: `/api${BEACON_PATHS.info}`,
          },
        ],
        ['close'],
      ],
      example: <BeaconExampleView />,
    },
    {
      key: 'box',
      steps: [
        ['message', { message: MESSAGE_TEMPLATES.box }],
        ['draw', { total: BOX_TICKETS, last: BOX_TICKETS - 1 }],
        ['table'],
        ['hash', { text: '{"n":N,"items":[[item_id,exter,tickets],…]}' }],
      ],
      example: <BoxExampleView />,
    },
    {
      key: 'upgrade',
      steps: [
        ['message', { message: MESSAGE_TEMPLATES.upgrade }],
        ['draw', { scale: UPGRADE_RATE_SCALE, last: UPGRADE_RATE_SCALE - 1 }],
      ],
      example: <UpgradeExampleView />,
    },
    {
      key: 'lucky',
      steps: [
        ['message', { message: MESSAGE_TEMPLATES.lucky }],
        ['draw', { odds: LUCKY_ODDS, last: LUCKY_ODDS - 1 }],
        ['window'],
      ],
      example: <LuckyExampleView />,
    },
    {
      key: 'bag',
      steps: [
        ['message', { message: MESSAGE_TEMPLATES.bag }],
        ['draw', { total: BAG_TICKETS, last: BAG_TICKETS - 1 }],
        ['table', { url: `/api${BAG_PATHS.table}` }],
        ['hash', { text: '{"n":N,"amounts":[[amount,tickets],…]}' }],
      ],
      example: <BagExampleView />,
    },
    {
      key: 'wish',
      steps: [
        ['message', { message: MESSAGE_TEMPLATES.wish, url: `/api${WISHING_WELL_PATHS.records}` }],
        ['draw', { scale: WISH_SCALE, last: WISH_SCALE - 1 }],
        ['rtp', { point: WISH_POINT_UNITS / 10_000, max: WISH_MAX_RTP_PPM / 10_000 }],
      ],
      example: <WishExampleView />,
    },
    {
      key: 'battle',
      steps: [
        ['message', { message: MESSAGE_TEMPLATES.battle }],
        ['draw'],
        ['totals'],
        ['tie', { message: MESSAGE_TEMPLATES.battleTie }],
        ['items'],
      ],
      example: <BattleExampleView />,
    },
    {
      key: 'turntable',
      steps: [
        ['chain'],
        ['outer', { message: MESSAGE_TEMPLATES.turntableOuter, total: OUTER_TICKETS }],
        ['inner', { message: MESSAGE_TEMPLATES.turntableInner, total: INNER_TICKETS }],
        [
          'icons',
          {
            outerTotal: OUTER_TICKETS,
            innerTotal: INNER_TICKETS,
            outer: icons(TURNTABLE_OUTER_WEIGHTS, 0),
            inner: icons(TURNTABLE_INNER_WEIGHTS, TURNTABLE_INNER_FIRST),
          },
        ],
      ],
      example: <TurntableExampleView />,
    },
    {
      key: 'roll',
      steps: [['entrants'], ['draw', { message: MESSAGE_TEMPLATES.roll }], ['returned']],
      example: <RollExampleView />,
    },
    {
      key: 'treasure',
      steps: [['holders'], ['draw', { message: MESSAGE_TEMPLATES.treasure }]],
      example: <TreasureExampleView />,
    },
    {
      key: 'rain',
      steps: [
        ['params'],
        ['draw', { message: MESSAGE_TEMPLATES.rain }],
        ['hash', { text: MESSAGE_TEMPLATES.rainList }],
        ['order'],
      ],
      example: <RainExampleView />,
    },
  ];
  return (
    <section className="panel recipe" aria-labelledby={`${id}-title`} data-testid="recipe">
      <h2 id={`${id}-title`}>{t('fairness.recipe.title')}</h2>
      <p className="seed-panel__muted">{t('fairness.recipe.hint')}</p>
      {parts.map((part) => (
        <details key={part.key} className="recipe__part" data-testid={`recipe-${part.key}`}>
          <summary>{t(`fairness.recipe.sections.${part.key}`)}</summary>
          <ol className="recipe__steps">
            {part.steps.map(([step, values]) => (
              <li key={step}>
                <Trans
                  i18nKey={`fairness.recipe.${part.key}.${step}`}
                  values={values ?? {}}
                  components={{ code: <code className="fair-mono" /> }}
                />
              </li>
            ))}
          </ol>
          {part.example}
        </details>
      ))}
    </section>
  );
}
