import type { ReactNode } from 'react';
import { Card } from '../../components/ui';

/** The frame of the car upload and edit pages: title, intro, then the form in a card. */
export function CarFormFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <p className="mb-6 mt-1 text-slate-400">{intro}</p>
      <Card>{children}</Card>
    </div>
  );
}
