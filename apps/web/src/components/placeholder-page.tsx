import { useDocumentTitle } from './use-document-title';

/** A route that a later part of the project fills in: it resolves now and says so. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <p className="mt-3 text-slate-400">{description ?? 'This page is coming soon.'}</p>
    </section>
  );
}
