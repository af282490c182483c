import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { atomXml, tagUri, xmlAttr, xmlText } from './atom.js';

describe('XML escaping of the feeds', () => {
  it('escapes markup in text and quotes in attributes', () => {
    expect(xmlText('a & b < c > d "e" \'f\'')).toBe('a &amp; b &lt; c &gt; d "e" \'f\'');
    expect(xmlAttr('a & "b" \'c\' <d>')).toBe('a &amp; &quot;b&quot; &apos;c&apos; &lt;d&gt;');
    expect(xmlAttr('line\none\ttab\r')).toBe('line&#10;one&#9;tab&#13;');
  });

  it('drops characters XML cannot carry and keeps the rest', () => {
    expect(xmlText('a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\ufffeh\uffffi')).toBe('abcdefghi');
    expect(xmlText('tab\there\nline\rret')).toBe('tab\there\nline\rret');
    expect(xmlText('lone \ud800 high, lone \udc00 low, pair 😀')).toBe('lone  high, lone  low, pair 😀');
    expect(xmlText('é ü 日本')).toBe('é ü 日本');
  });

  it('a feed of hostile values is well-formed and reads back as written', () => {
    const hostile = 'R&D <script>alert("x")</script> \'q\' \u0007bell ]]> &amp;';
    const xml = atomXml({
      id: tagUri('example.com', 'plugins'),
      title: hostile,
      updated: '2026-01-02T03:04:05.000Z',
      self: 'https://example.com/feeds/plugins.atom?a=1&b="2"',
      page: 'https://example.com/plugins',
      entries: [
        {
          id: tagUri('example.com', 'plugins/1/versions/2'),
          title: hostile,
          updated: '2026-01-02T03:04:05.000Z',
          link: "https://example.com/plugin/1?x=<y>&z='w'",
          author: { name: hostile, uri: 'https://example.com/members/a%26b' },
          contentHtml: '<p>Fixed &amp; improved <code>&lt;tag&gt;</code></p>',
        },
      ],
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('<script>');
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      htmlEntities: false,
      isArray: (n) => n === 'link' || n === 'entry',
    }).parse(xml).feed;
    const clean = hostile.replace('\u0007', '');
    expect(parsed.title['#text']).toBe(clean);
    expect(parsed.link[0]['@_href']).toBe('https://example.com/feeds/plugins.atom?a=1&b="2"');
    const entry = parsed.entry[0];
    expect(entry.title['#text']).toBe(clean);
    expect(entry.author.name).toBe(clean);
    expect(entry.link[0]['@_href']).toBe("https://example.com/plugin/1?x=<y>&z='w'");
    expect(entry.content['#text']).toBe('<p>Fixed &amp; improved <code>&lt;tag&gt;</code></p>');
  });
});
