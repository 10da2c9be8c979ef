import { type AdminCupTournament, CUP_TOURNAMENT_STATES, type CupTournamentState } from '@kaixiang/shared/cup';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, InputField } from '../console-form.tsx';
import { useCreateCupTournament, useUpdateCupTournament } from './events-api.ts';
import { FormDialog, LANGS, type Lang } from './events-bits.tsx';

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
  const [titles, setTitles] = useState<Record<Lang, string>>({
    zh_cn: tournament?.title_zh_cn ?? '',
    zh_tw: tournament?.title_zh_tw ?? '',
    en: tournament?.title_en ?? '',
  });
  const [rules, setRules] = useState<Record<Lang, string>>({
    zh_cn: tournament?.rules_zh_cn ?? '',
    zh_tw: tournament?.rules_zh_tw ?? '',
    en: tournament?.rules_en ?? '',
  });
  const [state, setState] = useState<CupTournamentState>(tournament?.state ?? 'draft');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const broken = titles.zh_cn.trim() ? null : t('adminEvents.titleProblem');
    setProblem(broken);
    if (broken) return;
    const body = {
      title_zh_cn: titles.zh_cn.trim(),
      title_zh_tw: titles.zh_tw.trim(),
      title_en: titles.en.trim(),
      rules_zh_cn: rules.zh_cn.trim(),
      rules_zh_tw: rules.zh_tw.trim(),
      rules_en: rules.en.trim(),
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
        {LANGS.map(([lang, label]) => (
          <InputField
            key={lang}
            label={t('adminEvents.titleIn', { lang: t(`adminEvents.langs.${label}`) })}
            maxLength={TITLE_MAX}
            value={titles[lang]}
            onValue={(v) => setTitles({ ...titles, [lang]: v })}
          />
        ))}
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
