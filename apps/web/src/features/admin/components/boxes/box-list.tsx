import type { AdminBoxSummary } from '@kaixiang/shared/admin-boxes';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { QueryFallback } from '../query-fallback.tsx';
import { boxPath, ITEM_PRICES_PATH, NEW_BOX_PATH } from './box-paths.ts';
import { nameIn, rtpText, useBoxList } from './boxes-api.ts';

/** Matches any of the box's names, its slug or its id: the ways an operator refers to a box. */
function matches(box: AdminBoxSummary, needle: string): boolean {
  if (!needle) return true;
  return [box.name_zh_cn, box.name_zh_tw, box.name_en, box.slug, String(box.box_id)].some((s) =>
    s.toLowerCase().includes(needle),
  );
}

function BoxRow({ box, category }: { box: AdminBoxSummary; category: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const open = () => navigate(boxPath(box.box_id));
  const name = nameIn(box, locale);
  return (
    <tr className="adm-table__row adm-table__row--link" onClick={open}>
      <td>
        <img className="adm-boxes__thumb" src={box.image || box.fallback_image} alt="" loading="lazy" />
      </td>
      <td>
        <a
          href={boxPath(box.box_id)}
          onClick={(e) => {
            e.preventDefault();
            open();
          }}
        >
          {name}
        </a>{' '}
        <span className="adm-table__muted">#{box.box_id}</span>
      </td>
      <td>{category}</td>
      <td>
        <Price units={box.price} />
      </td>
      <td className="adm-table__mono">{rtpText(box.rtp_bp)}</td>
      <td className="adm-table__mono">v{box.version}</td>
      <td>
        {box.published ? (
          <span className="adm-tag adm-tag--ok">{t('adminBoxes.published')}</span>
        ) : (
          <span className="adm-tag">{t('adminBoxes.unpublished')}</span>
        )}
      </td>
    </tr>
  );
}

/** Every box, unpublished ones too, filtered in the page: a few hundred rows at most. */
export function BoxListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const result = useBoxList();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const categories = useMemo(
    () => new Map((result.data?.categories ?? []).map((c) => [c.category_id, nameIn(c, locale)])),
    [result.data, locale],
  );
  const list = (result.data?.list ?? []).filter((b) => matches(b, needle));
  return (
    <section className="adm-screen" aria-labelledby="adm-boxes-title">
      <header className="adm-screen__head">
        <h1 id="adm-boxes-title" className="adm-screen__title">
          {t('admin.sections.catalogue')}
        </h1>
        <p className="adm-screen__sub">{t('adminBoxes.subtitle')}</p>
        <div className="adm-toolbar">
          <Link className="button button--primary button--sm" to={NEW_BOX_PATH}>
            {t('adminBoxes.create.open')}
          </Link>
          <Link className="button button--ghost button--sm" to={ITEM_PRICES_PATH}>
            {t('adminBoxes.prices.title')}
          </Link>
        </div>
      </header>
      <div className="adm-filters">
        <label className="adm-field adm-field--wide">
          <span className="adm-field__label">{t('adminBoxes.filter')}</span>
          <input
            className="adm-input"
            type="search"
            value={filter}
            placeholder={t('adminBoxes.filterPlaceholder')}
            onChange={(e) => setFilter(e.target.value)}
          />
        </label>
      </div>
      <div className="adm-card">
        {result.data ? (
          list.length > 0 ? (
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">{t('adminBoxes.col.image')}</th>
                    <th scope="col">{t('adminBoxes.col.name')}</th>
                    <th scope="col">{t('adminBoxes.col.category')}</th>
                    <th scope="col">{t('adminBoxes.col.price')}</th>
                    <th scope="col">{t('adminBoxes.col.rtp')}</th>
                    <th scope="col">{t('adminBoxes.col.version')}</th>
                    <th scope="col">{t('adminBoxes.col.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((b) => (
                    <BoxRow key={b.box_id} box={b} category={categories.get(b.category_id) ?? String(b.category_id)} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <EmptyState compact title={t('adminBoxes.empty')} />
          )
        ) : (
          <QueryFallback query={result} failedTitle={t('adminBoxes.loadFailed')} />
        )}
      </div>
    </section>
  );
}
