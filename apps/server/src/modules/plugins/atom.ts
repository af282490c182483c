/**
 * Atom 1.0 (RFC 4287) documents, written by hand: a feed is a handful of fixed elements, and every
 * value passes through xmlText / xmlAttr below (atom.test.ts holds them to &, <, quotes and control
 * characters). Nothing here reads the database: feeds.ts gathers what a feed shows.
 */

/** Characters XML 1.0 does not allow anywhere (C0 controls but tab and line breaks, U+FFFE/U+FFFF, lone surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A text node's content: characters XML cannot carry dropped, markup escaped. */
export const xmlText = (s: string): string =>
  s.replace(NOT_XML, '').replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** An attribute's value (written between double quotes): as a text node, quotes and line breaks escaped too. */
export const xmlAttr = (s: string): string =>
  xmlText(s).replace(
    /["'\t\n\r]/g,
    (c) => ({ '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' })[c]!,
  );

export interface AtomPerson {
  name: string;
  uri?: string;
}

export interface AtomEntry {
  /** A permanent, unique IRI (tag: URI): never changes once published. */
  id: string;
  title: string;
  /** ISO 8601 date-time. */
  updated: string;
  published?: string;
  /** The entry's page (rel="alternate"). */
  link: string;
  author: AtomPerson;
  /** HTML (already safe: the markdown renderer's output), sent escaped as content type="html". */
  contentHtml: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  /** ISO 8601 date-time: the newest entry's, or a fixed date for an empty feed. */
  updated: string;
  /** The feed's own address (rel="self"). */
  self: string;
  /** The page it follows (rel="alternate"). */
  page: string;
  author?: AtomPerson;
  entries: AtomEntry[];
}

/** Stable entry and feed ids: tag URIs (RFC 4151) on the site's host name. */
export const tagUri = (host: string, specific: string) => `tag:${host},2026:${specific}`;

const person = (tag: 'author', p: AtomPerson, indent: string) =>
  `${indent}<${tag}>\n${indent}  <name>${xmlText(p.name)}</name>\n` +
  (p.uri ? `${indent}  <uri>${xmlText(p.uri)}</uri>\n` : '') +
  `${indent}</${tag}>\n`;

function entryXml(e: AtomEntry): string {
  return (
    '  <entry>\n' +
    `    <id>${xmlText(e.id)}</id>\n` +
    `    <title type="text">${xmlText(e.title)}</title>\n` +
    `    <updated>${xmlText(e.updated)}</updated>\n` +
    (e.published ? `    <published>${xmlText(e.published)}</published>\n` : '') +
    `    <link rel="alternate" type="text/html" href="${xmlAttr(e.link)}"/>\n` +
    person('author', e.author, '    ') +
    `    <content type="html">${xmlText(e.contentHtml)}</content>\n` +
    '  </entry>\n'
  );
}

/** The feed as an XML document (UTF-8). */
export function atomXml(feed: AtomFeed): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<feed xmlns="http://www.w3.org/2005/Atom">\n' +
    `  <id>${xmlText(feed.id)}</id>\n` +
    `  <title type="text">${xmlText(feed.title)}</title>\n` +
    (feed.subtitle ? `  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>\n` : '') +
    `  <updated>${xmlText(feed.updated)}</updated>\n` +
    `  <link rel="self" type="application/atom+xml" href="${xmlAttr(feed.self)}"/>\n` +
    `  <link rel="alternate" type="text/html" href="${xmlAttr(feed.page)}"/>\n` +
    (feed.author ? person('author', feed.author, '  ') : '') +
    '  <generator>BakkesMod Community</generator>\n' +
    feed.entries.map(entryXml).join('') +
    '</feed>\n'
  );
}
