/**
 * The site's one markdown renderer: descriptions, bios and messages are written in markdown and
 * shown as HTML. The server renders what pages show (an item's description comes with its HTML, so
 * a page ships no renderer); the browser loads the same renderer only to preview a text being
 * written. markdown-it with raw HTML off (tags typed in the text come out as text, links and images
 * keep only safe schemes), then its output sanitised (sanitize-html, an allow-list of the tags and
 * attributes markdown makes), as the spec asks; the page's CSP allows no inline script besides.
 */
import type { IOptions } from 'sanitize-html';

export type MarkdownRender = (source: string | null | undefined) => string;

/** '##Title' is meant as a heading: give it the space markdown needs. */
export function fixHeadings(source: string): string {
  return source.replace(/^(\s{0,3}#{1,6})(?=[^\s#])/gm, '$1 ');
}

let loading: Promise<MarkdownRender> | null = null;

/** The renderer, loaded on first use (markdown-it stays out of start-up and out of pages that show no markdown). */
export function loadMarkdown(): Promise<MarkdownRender> {
  loading ??= Promise.all([import('markdown-it'), import('sanitize-html')])
    .then(([{ default: MarkdownIt }, { default: sanitizeHtml }]) => {
      const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
      // Links leave the site in a new tab without handing it our window.
      const defaultLinkOpen =
        md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
      md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
        const token = tokens[idx]!;
        if (/^https?:\/\//i.test(String(token.attrGet('href') ?? ''))) {
          token.attrSet('target', '_blank');
          token.attrSet('rel', 'noopener noreferrer nofollow');
        }
        return defaultLinkOpen(tokens, idx, options, env, self);
      };
      const allowed: IOptions = {
        // What markdown-it writes, and nothing else.
        allowedTags: [
          'h1',
          'h2',
          'h3',
          'h4',
          'h5',
          'h6',
          'p',
          'br',
          'hr',
          'strong',
          'em',
          's',
          'code',
          'pre',
          'blockquote',
          'ul',
          'ol',
          'li',
          'a',
          'img',
          'table',
          'thead',
          'tbody',
          'tr',
          'th',
          'td',
        ],
        allowedAttributes: {
          a: ['href', 'title', 'target', 'rel'],
          img: ['src', 'alt', 'title'],
          ol: ['start'],
          code: ['class'],
          th: ['style'],
          td: ['style'],
        },
        allowedClasses: { code: [/^language-[\w-]+$/] },
        allowedStyles: {
          th: { 'text-align': [/^(left|right|center)$/] },
          td: { 'text-align': [/^(left|right|center)$/] },
        },
        allowedSchemes: ['http', 'https', 'mailto'],
        allowedSchemesAppliedToAttributes: ['href', 'src'],
        allowProtocolRelative: false,
        selfClosing: ['br', 'hr', 'img'],
      };
      return (source: string | null | undefined) =>
        source ? sanitizeHtml(md.render(fixHeadings(source)), allowed) : '';
    })
    .catch((err: unknown) => {
      loading = null; // a failed load is tried again next time
      throw err;
    });
  return loading;
}

/** Markdown to sanitised HTML: line breaks on, headings fixed, raw HTML shown as text. */
export async function renderMarkdown(source: string | null | undefined): Promise<string> {
  return (await loadMarkdown())(source);
}
