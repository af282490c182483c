import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });

// Links leave the site in a new tab without handing it our window.
const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** '##Title' is meant as a heading: give it the space markdown needs. */
export function fixHeadings(source: string): string {
  return source.replace(/^(\s{0,3}#{1,6})(?=[^\s#])/gm, '$1 ');
}

/** Markdown to sanitised HTML: line breaks on, headings fixed. */
export function renderMarkdown(source: string | null | undefined): string {
  if (!source) return '';
  const html = md.render(fixHeadings(source));
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}
