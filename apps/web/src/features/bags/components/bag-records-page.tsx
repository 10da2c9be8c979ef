import { BAG_STATE, type BagRecord, type OpenBagResponse } from '@kaixiang/shared/bags';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { Price } from '../../../components/price.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { BAG_RECORD_PAGE_SIZE, useBagRecord } from '../api/get-bag-record.ts';
import { useOpenBag } from '../api/open-bag.ts';
import { bagTexts } from '../texts.ts';
import { BagArt } from './bag-art.tsx';
import { BagResult, bagFairnessPath } from './bag-widget.tsx';
import '../bags.css';

const STATE_TABS: readonly (number | undefined)[] = [undefined, BAG_STATE.unopened, BAG_STATE.opened];

/** /userinfo/bag (the spec's blessing-bag get-record, in the user centre): the player's bags. */
export function BagRecordsPage() {
  return (
    <FeatureTextsGate texts={bagTexts}>
      <Records />
    </FeatureTextsGate>
  );
}

function Records() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<OpenBagResponse | null>(null);
  const query = useBagRecord(page, state);
  const open = useOpenBag();
  const time = (ms: number | null) =>
    ms === null ? '—' : new Date(ms).toLocaleString(i18n.language, { hour12: false });

  async function openOne(b: BagRecord) {
    try {
      setResult(await open.mutateAsync(b.id));
    } catch {
      // The API client showed the server's message (the 3 s rule, opened elsewhere meanwhile).
    }
  }

  return (
    <div className="page personal-center">
      <header className="page-head">
        <span className="page-head__icon">
          <BagArt size={30} />
        </span>
        <div>
          <h1>{t('bags.record.title')}</h1>
          <p>{t('bags.record.subtitle')}</p>
        </div>
      </header>
      <section className="panel bag-records" aria-label={t('bags.record.title')}>
        <SegTabs
          label={t('bags.record.state')}
          options={STATE_TABS.map((s) => ({
            key: String(s ?? 'all'),
            value: s,
            text: s === undefined ? t('bags.record.all') : t(`bags.record.states.${s}`),
          }))}
          value={state}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
        />
        <PagedRecords
          query={query}
          failedText={t('bags.record.failed')}
          emptyText={t('bags.record.empty')}
          page={page}
          pageSize={BAG_RECORD_PAGE_SIZE}
          onPage={setPage}
        >
          {(data) => (
            <div className="bag-records__wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th>{t('bags.record.givenAt')}</th>
                    <th>{t('bags.record.name')}</th>
                    <th>{t('bags.record.source')}</th>
                    <th>{t('bags.record.state')}</th>
                    <th className="num">{t('bags.record.amount')}</th>
                    <th>{t('bags.record.openedAt')}</th>
                    <th>{t('bags.record.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((b) => (
                    <tr key={b.id} data-testid="bag-record">
                      <td>{time(b.given_at)}</td>
                      <td>{b.name}</td>
                      <td>{t(`bags.record.sources.${b.source}`)}</td>
                      <td>
                        <span className={`bag-records__state bag-records__state--${b.state}`}>
                          {t(`bags.record.states.${b.state}`)}
                        </span>
                      </td>
                      <td className="num">{b.get_money === null ? '—' : <Price units={b.get_money} />}</td>
                      <td>{time(b.opened_at)}</td>
                      <td>
                        {b.state === BAG_STATE.unopened ? (
                          <button
                            type="button"
                            className="button button--primary button--sm"
                            disabled={open.isPending}
                            onClick={() => void openOne(b)}
                          >
                            {t('bags.record.open')}
                          </button>
                        ) : (
                          <Link className="bag-records__link" to={bagFairnessPath(b.id)}>
                            {t('bags.record.verify')}
                          </Link>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedRecords>
      </section>
      <Dialog
        open={result !== null}
        onClose={() => setResult(null)}
        size="sm"
        className="bag-result"
        title={result?.name}
      >
        {result && <BagResult result={result} onClose={() => setResult(null)} />}
      </Dialog>
    </div>
  );
}
