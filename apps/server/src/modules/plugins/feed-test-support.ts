import { expect } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { TestApp } from '../../../test/harness.js';
import { demoBinaryZip, demoSourceZip } from './seed.js';
import { multipart } from './test-support.js';
import { multipartBody, zipPart } from '../../../test/requests.js';

type Member = { auth: Record<string, string> };

/** An owner's source upload (with a changelog), as the web's form sends it. */
export async function uploadSource(t: TestApp, owner: Member, pluginId: number, fields: Record<string, string>) {
  const source = multipart(await demoSourceZip(`P${pluginId}`), 'source.zip', fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/plugins/${pluginId}/files/source`,
    headers: { ...owner.auth, ...source.headers },
    payload: source.payload,
  });
}

/** A moderator's approval of a submission with a binary ZIP and a (private) note. */
export async function approve(t: TestApp, mod: Member, submissionId: number, approvalNote = '') {
  const form = multipartBody(
    { approvalNote },
    zipPart('binary', await demoBinaryZip(`P${submissionId}`, '1.0.0'), 'b.zip'),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/moderation/plugins/${submissionId}/approve`,
    headers: { ...mod.auth, ...form.headers },
    payload: form.body,
  });
  expect(res.statusCode, res.body).toBe(204);
}

/** Uploads a version with a changelog and has it approved: its submission id. */
export async function publishVersion(
  t: TestApp,
  owner: Member,
  mod: Member,
  pluginId: number,
  fields: { versionString: string; changelog?: string; approvalNote?: string },
) {
  const up = await uploadSource(t, owner, pluginId, {
    versionString: fields.versionString,
    ...(fields.changelog !== undefined ? { changelog: fields.changelog } : {}),
  });
  expect(up.statusCode, up.body).toBe(201);
  const id = up.json<{ submission: { submissionId: number } }>().submission.submissionId;
  await approve(t, mod, id, fields.approvalNote);
  return id;
}

export interface ParsedEntry {
  id: string;
  title: { '#text': string };
  updated: string;
  published: string;
  link: Array<{ '@_rel': string; '@_href': string }>;
  author: { name: string; uri: string };
  content: { '#text': string; '@_type': string };
}
export interface ParsedFeed {
  '@_xmlns': string;
  id: string;
  title: { '#text': string };
  updated: string;
  link: Array<{ '@_rel': string; '@_href': string; '@_type': string }>;
  entry: ParsedEntry[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => name === 'entry' || name === 'link',
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
});

/** Fetches a feed, checks it is well-formed Atom with what RFC 4287 requires, and answers it parsed. */
export async function fetchFeed(t: TestApp, url: string): Promise<{ feed: ParsedFeed; xml: string }> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = res.body;
  expect(XMLValidator.validate(xml)).toBe(true);
  const feed = (parser.parse(xml) as { feed: ParsedFeed }).feed;
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  expect(feed.id).toMatch(/^tag:[a-z0-9.-]+,2026:\S+$/);
  expect(feed.title['#text']).toBeTruthy();
  expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
  const self = feed.link.find((l) => l['@_rel'] === 'self');
  expect(self?.['@_href']).toMatch(new RegExp(`${url.replace(/[.]/g, '\\.')}$`));
  expect(self?.['@_type']).toBe('application/atom+xml');
  feed.entry ??= [];
  for (const e of feed.entry) {
    expect(e.id).toMatch(/^tag:[a-z0-9.-]+,2026:plugins\/\d+\/versions\/\d+$/);
    expect(e.title['#text']).toBeTruthy();
    expect(Number.isNaN(Date.parse(e.updated))).toBe(false);
    expect(e.link.find((l) => l['@_rel'] === 'alternate')?.['@_href']).toMatch(/\/plugin\/\d+$/);
    expect(e.author.name).toBeTruthy();
    expect(e.content['@_type']).toBe('html');
  }
  return { feed, xml };
}
