import type { AdminBoxListResponse } from '@kaixiang/shared/admin-boxes';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { Field, InputField } from '../console-form.tsx';
import { nameIn } from './boxes-api.ts';

/** What a box shows besides its odds, as typed: its names, category (an id, '' when none is picked) and picture. */
export interface BoxDetailsText {
  name_zh_cn: string;
  name_zh_tw: string;
  name_en: string;
  category_id: string;
  image: string;
}

/** The details as the server takes them (the bounds of its schema), or null while a name or the category is missing. */
export function detailsOf(d: BoxDetailsText) {
  const names = [d.name_zh_cn.trim(), d.name_zh_tw.trim(), d.name_en.trim()] as const;
  const category = Number(d.category_id);
  if (names.some((n) => n === '') || !(category > 0)) return null;
  return {
    name_zh_cn: names[0],
    name_zh_tw: names[1],
    name_en: names[2],
    category_id: category,
    image: d.image.trim(),
  };
}

/** The names in three languages, the category and the picture: a new box's, or an existing one's. */
export function BoxDetailsFields({
  value,
  onChange,
  categories,
}: {
  value: BoxDetailsText;
  onChange: (value: BoxDetailsText) => void;
  categories: AdminBoxListResponse['categories'];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const text = (key: Exclude<keyof BoxDetailsText, 'category_id'>, label: string, maxLength: number) => (
    <InputField
      label={label}
      maxLength={maxLength}
      value={value[key]}
      onValue={(v) => onChange({ ...value, [key]: v })}
    />
  );
  return (
    <>
      {text('name_zh_cn', t('adminBoxes.create.nameZhCn'), 40)}
      {text('name_zh_tw', t('adminBoxes.create.nameZhTw'), 40)}
      {text('name_en', t('adminBoxes.create.nameEn'), 60)}
      <Field label={t('adminBoxes.create.category')}>
        <select
          className="adm-select"
          value={value.category_id}
          onChange={(e) => onChange({ ...value, category_id: e.target.value })}
        >
          <option value="">{t('adminBoxes.create.categoryPick')}</option>
          {categories.map((c) => (
            <option key={c.category_id} value={c.category_id}>
              {nameIn(c, locale)}
            </option>
          ))}
        </select>
      </Field>
      {text('image', t('adminBoxes.create.image'), 500)}
    </>
  );
}
