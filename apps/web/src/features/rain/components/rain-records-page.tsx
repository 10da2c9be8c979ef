import { formatUnits } from '@kaixiang/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { RAIN_RECORD_PAGE_SIZE, useRainRecords } from '../api/rain.ts';
import '../rain.css';
import { rainTexts } from '../texts.ts';
import { EnvelopeIcon } from './envelope-icon.tsx';

/** /userinfo/redPacket: the packets the player grabbed (the spec's blessing-bag red-packet-record). */
export function RainRecordsPage() {
  return (
    <FeatureTextsGate texts={rainTexts}>
      <Records />
    </FeatureTextsGate>
  );
}

function Records() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useRainRecords(page);
  return (
    <div className="page personal-center">
      <header className="page-head">
        <span className="page-head__icon">
          <EnvelopeIcon className="rain-badge__icon" />
        </span>
        <div>
          <h1>{t('rain.record.title')}</h1>
          <p>{t('rain.record.subtitle')}</p>
        </div>
      </header>
      <section className="panel rain-records" aria-label={t('rain.record.title')}>
        <PagedRecords
          query={query}
          failedText={t('rain.record.failed')}
          emptyText={t('rain.record.empty')}
          page={page}
          pageSize={RAIN_RECORD_PAGE_SIZE}
          onPage={setPage}
        >
          {(data) => (
            <table className="data-table rain-records__table">
              <thead>
                <tr>
                  <th>{t('rain.record.time')}</th>
                  <th>{t('rain.record.round')}</th>
                  <th>{t('rain.record.index')}</th>
                  <th className="num">{t('rain.record.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((r) => (
                  <tr key={r.round_id}>
                    <td>{new Date(r.grabbed_at).toLocaleString(i18n.language, { hour12: false })}</td>
                    <td>#{r.round_id}</td>
                    <td>{t('rain.record.nth', { n: r.index + 1 })}</td>
                    <td className="num">¥{formatUnits(r.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </PagedRecords>
      </section>
    </div>
  );
}
