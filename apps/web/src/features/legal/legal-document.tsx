import type { MouseEvent, ReactNode } from 'react';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatMonthYear } from '../../lib/format';
import { richText } from '../../lib/i18n/rich';
import { useLegalT } from './legal-text';
import { useSupportEmail } from './support-email-context';
import { LEGAL_TEXTS, type LegalDocumentKey } from './texts';

/** Shared Tailwind classes so the three documents look the same. */
export const styles = {
  p: 'mt-3',
  ul: 'mt-3 list-disc space-y-2 pl-6 marker:text-slate-500',
  ol: 'mt-3 list-decimal space-y-2 pl-6 marker:text-slate-400',
  h3: 'mt-5 font-semibold text-white',
  strong: 'font-semibold text-white',
  link: 'text-sky-400 underline underline-offset-2 hover:text-sky-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 rounded-sm',
} as const;

export interface LegalSection {
  /** Anchor id, also used in the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  doc: LegalDocumentKey;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

const DOCS: readonly LegalDocumentKey[] = ['terms', 'privacy', 'acceptableUse'];

/** Each document's title, by document (literal keys, so the catalogue test sees them). */
const TITLE_KEYS = {
  terms: 'titles.terms',
  privacy: 'titles.privacy',
  acceptableUse: 'titles.acceptableUse',
} as const satisfies Record<LegalDocumentKey, string>;

type LegalKey = Parameters<ReturnType<typeof useLegalT>>[0];

/**
 * A paragraph of a document in the reader's language, with what it names put in: the support
 * address ({email}), links to the other documents ({terms}, {privacy}, {acceptableUse}) and the
 * documents' facts ({minimumAge}, {days}, {governingState}).
 */
export function useLegalText(): (key: LegalKey) => ReactNode {
  const t = useLegalT();
  const parts = {
    email: <SupportEmailLink />,
    terms: <DocLink to="terms" />,
    privacy: <DocLink to="privacy" />,
    acceptableUse: <DocLink to="acceptableUse" />,
    minimumAge: LEGAL_TEXTS.minimumAge,
    days: LEGAL_TEXTS.termsNoticeDays,
    governingState: t('governingState'),
  };
  return (key) => richText((values) => t(key, values), parts);
}

/** Mailto link to the support address from SupportEmailContext. */
export function SupportEmailLink() {
  const email = useSupportEmail();
  return (
    <a className={styles.link} href={`mailto:${email}`}>
      {email}
    </a>
  );
}

/** Plain link to one of the other legal documents. */
export function DocLink({ to }: { to: LegalDocumentKey }) {
  const t = useLegalT();
  return (
    <a className={styles.link} href={LEGAL_TEXTS[to].path}>
      {t(TITLE_KEYS[to])}
    </a>
  );
}

/**
 * Table-of-contents clicks: the href keeps working natively (copy link,
 * open in new tab), but a plain click scrolls to the section and moves
 * keyboard focus to its heading without a router navigation.
 */
function jumpToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const heading = document.getElementById(`${id}-heading`);
  if (!heading) return;
  event.preventDefault();
  if (typeof heading.scrollIntoView === 'function') heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

export function LegalDocument({ doc, intro, sections }: LegalDocumentProps) {
  const t = useLegalT();
  const meta = LEGAL_TEXTS[doc];
  const title = t(TITLE_KEYS[doc]);
  useDocumentTitle(title);
  const headingId = `legal-${doc}-title`;
  const updated = 'lastUpdatedIso' in meta ? meta : null;
  return (
    <article aria-labelledby={headingId} className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-slate-200">
      <header className="border-b border-slate-700 pb-6">
        <h1 id={headingId} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h1>
        {updated && (
          <p className="mt-2 text-sm text-slate-400">
            {richText((v) => t('page.lastUpdated', v), {
              date: <time dateTime={updated.lastUpdatedIso}>{formatMonthYear(updated.lastUpdatedIso)}</time>,
            })}
          </p>
        )}
        <div className="mt-4 text-slate-300">{intro}</div>
      </header>

      <nav aria-labelledby={`${headingId}-toc`} className="mt-8 rounded-lg border border-slate-700 bg-slate-900/60 p-5">
        <h2 id={`${headingId}-toc`} className="text-sm font-semibold uppercase tracking-wide text-slate-400">
          {t('page.contents')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm marker:text-slate-500">
          {sections.map((section) => (
            <li key={section.id}>
              <a className={styles.link} href={`#${section.id}`} onClick={(e) => jumpToSection(e, section.id)}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="mt-10 scroll-mt-24"
        >
          <h2
            id={`${section.id}-heading`}
            tabIndex={-1}
            className="scroll-mt-24 text-xl font-semibold text-white focus:outline-none"
          >
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}

      <footer className="mt-12 border-t border-slate-700 pt-6 text-sm text-slate-400">
        <nav aria-label={t('page.otherDocuments')}>
          <p>{t('page.related')}</p>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {DOCS.filter((key) => key !== doc).map((key) => (
              <li key={key}>
                <DocLink to={key} />
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-4">{richText((v) => t('page.questions', v), { email: <SupportEmailLink /> })}</p>
      </footer>
    </article>
  );
}
