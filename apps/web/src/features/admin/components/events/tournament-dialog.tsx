import { type AdminCupTournament, CUP_TOURNAMENT_STATES, type CupTournamentState } from '@kaixiang/shared/cup';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../console-form.tsx';
import { useCreateCupTournament, useUpdateCupTournament } from './events-api.ts';
import { FormDialog, LANGS, LocalisedInputs, localisedFields, localisedOf } from './events-bits.tsx';

const TITLE_MAX = 60;
const RULES_MAX = 2_000;

/** Create or edit a tournament (admin/v1/cup/create-tournament, update-tournament): titles, rules, state. */
export function TournamentDialog({
  tournament,
  onClose,
}: {
  tournament: AdminCupTournament | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCupTournament();
  const update = useUpdateCupTournament();
  const send = tournament ? update : create;
  const [titles, setTitles] = useState(() => localisedOf(tournament, 'title'));
  const [rules, setRules] = useState(() => localisedOf(tournament, 'rules'));
  const [state, setState] = useState<CupTournamentState>(tournament?.state ?? 'draft');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const broken = titles.zh_cn.trim() ? null : t('adminEvents.titleProblem');
    setProblem(broken);
    if (broken) return;
    const body = {
      ...localisedFields('title', titles),
      ...localisedFields('rules', rules),
      state,
      reason: reason.trim(),
    };
    if (tournament) update.mutate({ id: tournament.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={
        tournament ? t('adminEvents.cup.form.editTitle', { id: tournament.id }) : t('adminEvents.cup.form.newTitle')
      }
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      <div className="adm-events__row">
        <LocalisedInputs
          label={(lang) => t('adminEvents.titleIn', { lang })}
          maxLength={TITLE_MAX}
          value={titles}
          onValue={setTitles}
        />
      </div>
      <div className="adm-events__row">
        {LANGS.map(([lang, label]) => (
          <Field key={lang} label={t('adminEvents.cup.form.rules', { lang: t(`adminEvents.langs.${label}`) })}>
            <textarea
              className="adm-input"
              maxLength={RULES_MAX}
              value={rules[lang]}
              onChange={(e) => setRules({ ...rules, [lang]: e.target.value })}
            />
          </Field>
        ))}
      </div>
      <Field label={t('adminEvents.cup.form.state')}>
        <select className="adm-select" value={state} onChange={(e) => setState(e.target.value as CupTournamentState)}>
          {CUP_TOURNAMENT_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`adminEvents.cup.stateHint.${s}`)}
            </option>
          ))}
        </select>
      </Field>
    </FormDialog>
  );
}
