import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

describe('markdown renderer', () => {
  it('breaks lines, fixes headings and writes typed HTML as text', async () => {
    const html = await renderMarkdown(
      '##Title\nline one\nline two<script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('line one<br />');
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

  it('keeps what markdown writes (tables with alignment, code with its language, numbered lists, images over https)', async () => {
    const html = await renderMarkdown(
      '| a | b |\n|:-|-:|\n| 1 | 2 |\n\n```js\nx\n```\n\n3. three\n\n![i](https://x.test/a.png) ![d](data:image/png;base64,AAAA) ![h](http://x.test/b.png)',
    );
    expect(html).toContain('<th style="text-align:left">a</th>');
    expect(html).toContain('<td style="text-align:right">2</td>');
    expect(html).toContain('<pre><code class="language-js">x\n</code></pre>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<img src="https://x.test/a.png" alt="i" />');
    expect(html).toContain('<img src="http://x.test/b.png" alt="h" />');
    // No data: image (the allow-list takes http, https and mailto only).
    expect(html).not.toContain('data:');
  });

  it('renders nothing for no text, and the same text the same way', async () => {
    expect(await renderMarkdown('')).toBe('');
    expect(await renderMarkdown(null)).toBe('');
    expect(await renderMarkdown('**a**')).toBe(await renderMarkdown('**a**'));
  });
});
