import { ButtonLink } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useComingSoonT } from './coming-soon-text';
import { NotifyMe } from './notify-me';

export type ComingSoonSection = 'maps' | 'tools' | 'community';

/** Each section's title and blurb, by their catalogue keys. */
const SECTION_KEYS = {
  maps: { title: 'sections.maps.title', blurb: 'sections.maps.blurb' },
  tools: { title: 'sections.tools.title', blurb: 'sections.tools.blurb' },
  community: { title: 'sections.community.title', blurb: 'sections.community.blurb' },
} as const satisfies Record<ComingSoonSection, { title: string; blurb: string }>;

export function ComingSoonPage({ section }: { section: ComingSoonSection }) {
  const t = useComingSoonT();
  const keys = SECTION_KEYS[section];
  const title = t(keys.title);
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-sky-400">{t('heading')}</p>
      <h1 className="mt-2 text-4xl font-extrabold text-white">{title}</h1>
      <p className="mt-4 text-slate-300">{t(keys.blurb)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <NotifyMe feature={section} />
        <ButtonLink to="/plugins" variant="outline">
          {t('browsePlugins')}
        </ButtonLink>
        <ButtonLink to="/" variant="outline">
          {t('goHome')}
        </ButtonLink>
      </div>
    </section>
  );
}

export const MapsPage = () => <ComingSoonPage section="maps" />;
export const ToolsPage = () => <ComingSoonPage section="tools" />;
export const CommunityPage = () => <ComingSoonPage section="community" />;
