import type { HelpPage as HelpSlug } from '@kaixiang/shared/routes';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconDocument } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { helpPath, PATHS } from '../../../lib/paths.ts';
import { useHelpDoc } from '../api/get-help-content.ts';
import type { HelpDoc } from '../content/help-content.types.ts';
import { HELP_MENU, helpPageId } from '../help-pages.ts';

export interface HelpPageProps {
  /** Pages this host does not offer (About us lives on one host only: spec 1 §2). */
  hidden?: readonly HelpSlug[];
}

/** The static help pages with their left-hand menu (spec 1 §2). */
export function HelpPage({ hidden = [] }: HelpPageProps) {
  const { t } = useTranslation();
  const { page = '' } = useParams();
  const id = helpPageId(page);
  const help = useHelpDoc(id ?? 'question');
  if (!id || hidden.includes(page as HelpSlug)) return <Navigate to={PATHS.notFound} replace />;

  const menu = HELP_MENU.filter((slug) => !hidden.includes(slug));
  return (
    <div className="page help-page">
      <nav className="help-menu" aria-label={t('help.menu')}>
        <p className="help-menu__title">{t('help.center')}</p>
        {menu.map((slug) => {
          const slugId = helpPageId(slug)!;
          return (
            <NavLink
              key={slug}
              to={helpPath(slug)}
              className={({ isActive }) => `help-menu__item ${isActive ? 'is-active' : ''}`}
            >
              <IconDocument size={16} />
              <span>{help.data?.content[slugId]?.title ?? t(`help.pages.${slug}`)}</span>
            </NavLink>
          );
        })}
      </nav>
      <article className="help-article panel">
        {help.isPending ? (
          <div className="center-block">
            <Spinner />
          </div>
        ) : help.data?.doc ? (
          <HelpDocument doc={help.data.doc} />
        ) : (
          <EmptyState title={t(`help.pages.${page}`)} hint={t('common.noData')} />
        )}
      </article>
    </div>
  );
}

function HelpDocument({ doc }: { doc: HelpDoc }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const updated = new Date(`${doc.updated}T00:00:00`);
  return (
    <>
      <header className="help-article__head">
        <h1>{doc.title}</h1>
        {!Number.isNaN(updated.getTime()) && (
          <p className="help-article__updated">
            {t('help.updated', { date: dateTimeFormat(locale, { dateStyle: 'long' }).format(updated) })}
          </p>
        )}
        {doc.intro && <p className="help-article__intro">{doc.intro}</p>}
      </header>
      {doc.sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        <section key={i} className="help-section">
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((p, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text
            <p key={j}>{p}</p>
          ))}
          {section.steps && (
            <ol className="help-steps">
              {section.steps.map((s, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text
                <li key={j}>{s}</li>
              ))}
            </ol>
          )}
          {section.faq && (
            <div className="help-faq">
              {section.faq.map((f, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text
                <details key={j} className="help-faq__item">
                  <summary>{f.q}</summary>
                  <p className="help-faq__answer">{f.a}</p>
                </details>
              ))}
            </div>
          )}
        </section>
      ))}
    </>
  );
}
