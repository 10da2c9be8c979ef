import { HISTORY_EXPORT_KINDS, type HistoryExportKind } from '@kaixiang/shared/protection';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';
import { downloadHistory, saveFile } from '../api/download-history.ts';
import './protection.css';

/**
 * 数据导出 (issue 24 §2 "History"): the player downloads every recharge, box opening and coin
 * movement as CSV. One download at a time: each reads the player's whole history.
 */
export function HistoryExportCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<HistoryExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(kind: HistoryExportKind) {
    setBusy(kind);
    setError(null);
    try {
      saveFile(await downloadHistory(kind));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('protection.export.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel history-export" aria-label={t('protection.export.title')}>
      <h2 className="history-export__title">{t('protection.export.title')}</h2>
      <p className="history-export__note">{t('protection.export.note')}</p>
      <div className="history-export__buttons">
        {HISTORY_EXPORT_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--ghost button--sm history-export__button"
            disabled={busy !== null}
            aria-busy={busy === kind}
            onClick={() => void download(kind)}
          >
            {busy === kind && <Spinner size={14} />}
            {t(`protection.export.kind.${kind}`)}
          </button>
        ))}
      </div>
      {error && (
        <p className="history-export__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
