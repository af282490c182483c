import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

describe('markdown renderer', () => {
  it('breaks lines, fixes headings and writes typed HTML as text', async () => {
    const html = await renderMarkdown('##Title\nline one\nline two<script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('line one<br>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<script|<img/);
  });

  it('opens outside links in a new tab without an opener, and keeps no unsafe link or image', async () => {
    const html = await renderMarkdown(
      '[site](https://example.com) [bad](javascript:alert(1)) [worse](JaVaScRiPt:alert(1)) [vb](vbscript:x) ![i](javascript:alert(1)) <javascript:alert(1)> [data](data:text/html;base64,PHNjcmlwdD4=)',
    );
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>');
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).not.toMatch(/href="(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/<img/);
  });

  it('renders nothing for no text, and the same text the same way', async () => {
    expect(await renderMarkdown('')).toBe('');
    expect(await renderMarkdown(null)).toBe('');
    expect(await renderMarkdown('**a**')).toBe(await renderMarkdown('**a**'));
  });
});
