import DOMPurify from 'dompurify';

/**
 * HTML rendered from markdown (by the server, or by the renderer of @bm/core/markdown for a preview),
 * sanitised before it goes into the page: whatever reaches innerHTML passes DOMPurify, even though
 * the renderer writes no raw HTML.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}
