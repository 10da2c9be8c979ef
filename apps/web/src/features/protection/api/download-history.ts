import { type HistoryExportKind, historyExportFileName, PROTECTION_PATHS } from '@kaixiang/shared/protection';
import { signRequest } from '@kaixiang/shared/signature';
import { currentLocale, i18n } from '../../../i18n/index.ts';
import { API_BASE, buildQuery, refreshSession } from '../../../lib/api.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { refreshDue, sessionToken, signOut } from '../../../lib/session.ts';

export interface HistoryFile {
  blob: Blob;
  fileName: string;
}

/** The name the server gave in `attachment; filename="…"`. */
function fileNameOf(disposition: string | null): string | null {
  const m = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return m?.[1] ?? null;
}

/**
 * Fetches one history file (docs/player-protection.md). The answer is a CSV, not an envelope, so
 * this is not lib/api's request, but it is sent the same way: refreshed token, signature, language
 * and bearer token. A refusal comes back as the usual envelope and is thrown with its message.
 */
export async function downloadHistory(kind: HistoryExportKind): Promise<HistoryFile> {
  if (refreshDue()) await refreshSession();
  const pathWithQuery = `${API_BASE}${PROTECTION_PATHS.historyExport}${buildQuery({ kind })}`;
  const headers: Record<string, string> = {
    'x-lang': currentLocale(),
    ...(await signRequest(runtimeConfig().signKey, { method: 'GET', pathWithQuery, body: '' }, Date.now())),
  };
  const token = sessionToken();
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(pathWithQuery, { method: 'GET', headers, credentials: 'same-origin' });
  } catch {
    throw new Error(i18n.t('common.serverBusy'));
  }
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    let blob: Blob;
    try {
      blob = await response.blob();
    } catch {
      // Cut off midway (the server stopped, the network dropped): a partial file is no file.
      throw new Error(i18n.t('common.serverBusy'));
    }
    return {
      blob,
      fileName: fileNameOf(response.headers.get('content-disposition')) ?? historyExportFileName(kind, Date.now()),
    };
  }
  const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
  if (response.status === 401 || envelope?.code === 401) {
    // The session is over on the server: forget it here and ask for a login, as lib/api does.
    signOut({ silent: true });
    openLoginDialog();
    throw new Error(envelope?.msg || i18n.t('auth.pleaseLogin'));
  }
  throw new Error(envelope?.msg || i18n.t('common.serverBusy'));
}

/** How long the object URL lives: long enough for every browser to have started the download. */
const DOWNLOAD_URL_LIFE_MS = 10_000;

/** Hands the file to the browser's downloads under the server's name. */
export function saveFile(file: HistoryFile): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFE_MS);
}
