import { useMemo } from 'react';
import { renderMarkdown } from '../lib/markdown';
import { cx } from './ui';

/** Rendered, sanitised markdown (bios, descriptions). */
export function Markdown({ source, className }: { source: string | null | undefined; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={cx('markdown', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
