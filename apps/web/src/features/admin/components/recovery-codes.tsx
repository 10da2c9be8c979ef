import type { AdminMeResponse } from '@kaixiang/shared/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { localDateTime } from '../format.ts';
import { IconShield } from './console-icons.tsx';
import { GateFrame } from './gate-screens.tsx';

/** How long the download's object URL lives: long enough for every browser to have started the download. */
const DOWNLOAD_URL_LIFE_MS = 10_000;

function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFE_MS);
}

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy and download,
 * and the console opens only after the staff member says they have kept them. They live in this
 * screen's state alone, never in storage or the query cache.
 */
export function RecoveryCodes({
  staff,
  codes,
  onSaved,
}: {
  staff: Pick<AdminMeResponse, 'user_id' | 'nick_name'>;
  codes: readonly string[];
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const fileText = [
    t('admin.enrol.codesFileTitle'),
    `${staff.nick_name} (ID ${staff.user_id})`,
    localDateTime(Date.now()),
    '',
    ...codes,
    '',
    t('admin.enrol.codesFileNote'),
    '',
  ].join('\n');

  return (
    <GateFrame wide title={t('admin.enrol.codesTitle')} icon={<IconShield size={22} />}>
      <p className="adm-gate__hint">{t('admin.enrol.codesIntro')}</p>
      <ol className="adm-codes" aria-label={t('admin.enrol.codesListLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="adm-gate__actions">
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() =>
            void copyWithToast(codes.join('\n'), { ok: t('common.copySuccess'), failed: t('common.copyFail') })
          }
        >
          {t('admin.enrol.copyCodes')}
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => downloadText(fileText, `kaixiang-console-recovery-codes-${staff.user_id}.txt`)}
        >
          {t('admin.enrol.downloadCodes')}
        </button>
      </div>
      <label className="adm-check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        {t('admin.enrol.saved')}
      </label>
      <div className="adm-gate__actions">
        <button type="button" className="button button--primary" disabled={!saved} onClick={onSaved}>
          {t('admin.enrol.enter')}
        </button>
      </div>
    </GateFrame>
  );
}
