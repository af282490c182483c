import { ButtonLink } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { NotifyMe } from './notify-me';

export type ComingSoonSection = 'maps' | 'tools' | 'community';

export const COMING_SOON_TEXT: Record<ComingSoonSection, { title: string; blurb: string }> = {
  maps: { title: 'Maps', blurb: 'Custom maps and training packs for Rocket League are on their way.' },
  tools: { title: 'Tools', blurb: 'Handy tools for players and plugin authors are on their way.' },
  community: { title: 'Community', blurb: 'Events, guides and a place to meet other players are on their way.' },
};

export const COMING_SOON_HEADING = 'Coming Soon';

export function ComingSoonPage({ section }: { section: ComingSoonSection }) {
  const text = COMING_SOON_TEXT[section];
  useDocumentTitle(text.title);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-sky-400">{COMING_SOON_HEADING}</p>
      <h1 className="mt-2 text-4xl font-extrabold text-white">{text.title}</h1>
      <p className="mt-4 text-slate-300">{text.blurb}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <NotifyMe feature={section} />
        <ButtonLink to="/plugins" variant="outline">
          Browse Plugins
        </ButtonLink>
        <ButtonLink to="/" variant="outline">
          Go Home
        </ButtonLink>
      </div>
    </section>
  );
}

export const MapsPage = () => <ComingSoonPage section="maps" />;
export const ToolsPage = () => <ComingSoonPage section="tools" />;
export const CommunityPage = () => <ComingSoonPage section="community" />;
