import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { contentTexts } from './content-texts.ts';
import { EntryList } from './entry-list.tsx';
import { HelpEditor } from './help-editor.tsx';
import './content.css';

const TABS = ['notices', 'banners', 'nav', 'help'] as const;
type Tab = (typeof TABS)[number];

const loading = (
  <div className="adm-screen adm-screen--loading">
    <Spinner />
  </div>
);

function ContentTabs() {
  const { t } = useTranslation();
  // The tab is in the address (?tab=banners), so a link or a reload opens the same one.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'notices';
  return (
    <section className="adm-screen" aria-labelledby="adm-content-title">
      <header className="adm-screen__head">
        <h1 id="adm-content-title" className="adm-screen__title">
          {t('admin.sections.content')}
        </h1>
        <p className="adm-screen__sub">{t('adminContent.subtitle')}</p>
      </header>
      <div className="adm-content__tabs" role="tablist">
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`adm-content-tab-${id}`}
            aria-selected={id === tab}
            aria-controls="adm-content-panel"
            className={`adm-content__tab ${id === tab ? 'is-active' : ''}`}
            onClick={() => setParams(id === 'notices' ? {} : { tab: id }, { replace: true })}
          >
            {t(`adminContent.tab.${id}`)}
          </button>
        ))}
      </div>
      <div id="adm-content-panel" role="tabpanel" aria-labelledby={`adm-content-tab-${tab}`}>
        {tab === 'help' ? <HelpEditor /> : <EntryList key={tab} kind={tab} />}
      </div>
    </section>
  );
}

/** The Content section (content.manage): notices, banners, nav items and help pages, as tabs. */
export default function ContentScreen() {
  return (
    <FeatureTextsGate texts={contentTexts} fallback={loading}>
      <ContentTabs />
    </FeatureTextsGate>
  );
}
