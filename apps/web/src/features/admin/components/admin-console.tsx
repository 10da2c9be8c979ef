import type { ReactNode } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { Toaster } from '../../../components/toaster.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { CONSOLE_SECTIONS } from '../sections.tsx';
import { adminTexts } from '../texts.ts';
import { ConsoleGate } from './console-gate.tsx';
import '../styles/console.css';
import '../styles/gate.css';
import '../styles/tables.css';

/**
 * The operator console (issue 23), everything under /admin: a chunk of its own with its texts and
 * styles, outside the player site's layout. `siteDialogs` are the site's dialogs the console uses
 * (the login dialog): the app passes them in, since a feature does not import another's files.
 */
export default function AdminConsole({ siteDialogs }: { siteDialogs?: ReactNode }) {
  return (
    <div className="adm">
      <FeatureTextsGate
        texts={adminTexts}
        fallback={
          <div className="adm-gate adm-gate--loading">
            <Spinner />
          </div>
        }
      >
        <ConsoleGate sections={CONSOLE_SECTIONS} />
      </FeatureTextsGate>
      {siteDialogs}
      <Toaster />
    </div>
  );
}
