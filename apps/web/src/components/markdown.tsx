import { useEffect, useMemo, useState } from 'react';
import type { MarkdownRender } from '@bm/core/markdown';
import { cx } from './ui';

/**
 * Markdown as the site's one renderer (@bm/core/markdown) made it: rendered with raw HTML off, then
 * sanitised against an allow-list, by the server for a description, a bio or a message, or here for
 * a preview. It goes in as it is: no second sanitiser to download on every page that shows one.
 */
export function Markdown({ html, className }: { html: string | null | undefined; className?: string }) {
  return <div className={cx('markdown', className)} dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}

/**
 * A text being written, rendered as it will show: the renderer loads the first time a preview
 * opens (pages that only show markdown get it rendered by the server).
 */
export function MarkdownPreview({ source, className }: { source: string; className?: string }) {
  const [render, setRender] = useState<MarkdownRender | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('@bm/core/markdown')
      .then((m) => m.loadMarkdown())
      .then((r) => live && setRender(() => r))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  const html = useMemo(() => (render ? render(source) : ''), [render, source]);
  // Until the renderer is there (or if it cannot load) the text shows as written.
  if (!render)
    return (
      <div className={cx('markdown whitespace-pre-wrap', className)} aria-busy={!failed}>
        {source}
      </div>
    );
  return <Markdown html={html} className={className} />;
}
