import type { ReactNode } from 'react';
import { useId } from 'react';

/** One block of settings, named by its heading. */
export function SectionCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-800 bg-slate-900/70 p-6">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-400">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
