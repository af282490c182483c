import { ButtonLink } from './ui';
import { useDocumentTitle } from './use-document-title';

/** A page the signed-in member lacks the role for: says so, and offers the way home (no staff navigation). */
export function RoleNotice({
  title,
  text,
  help,
  homeText,
}: {
  title: string;
  text: string;
  help: string;
  homeText: string;
}) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <p className="mt-4 text-lg text-slate-200">{text}</p>
      <p className="mt-2 text-slate-400">{help}</p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        {homeText}
      </ButtonLink>
    </section>
  );
}
