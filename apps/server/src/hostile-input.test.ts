import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMENT_MESSAGES, CONTROL_CHARACTERS_MESSAGE, INVALID_ID, PLUGIN_MESSAGES } from '@bm/core';
import { membersForFile, testAppForFile } from '../test/harness.js';
import { postAs, postRaw } from '../test/requests.js';
import { createPlugin, multipart, storedFiles } from './modules/plugins/test-support.js';
import { demoSourceZip } from './modules/plugins/seed.js';

const t = testAppForFile();
const { m } = membersForFile(t, { m: [] });

const count = async (table: string) =>
  Number(
    (
      (await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]!.n,
  );

describe('hostile input', () => {
  it.each([
    [
      'NUL in a JSON field',
      { method: 'POST' as const, url: '/api/feedback', payload: { content: 'a\u0000b', url: '/x' } },
    ],
    [
      'a bell in a nested JSON field',
      {
        method: 'POST' as const,
        url: '/api/plugins/create',
        payload: { name: 'ok', shortDescription: 'x\u0007', description: '' },
      },
    ],
    ['NUL in a query parameter', { method: 'GET' as const, url: '/api/plugins?search=a%00b' }],
    ['an escape in a path parameter', { method: 'GET' as const, url: '/api/members/x%1By' }],
  ])('refuses %s with 400 and stores nothing', async (_name, req) => {
    const before = [await count('feedback'), await count('plugins')];
    const res = await t.app.inject({ ...req, headers: m.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CONTROL_CHARACTERS_MESSAGE, code: 'format.controlCharacters' });
    expect([await count('feedback'), await count('plugins')]).toEqual(before);
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const res = await postAs(t.app, '/api/feedback', m, { content: 'line one\r\n\tline two', url: '/x' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses NUL in a multipart text field (checked by the database) and leaves no file behind', async () => {
    const p = await createPlugin(t, m, { name: 'Hostile Source', shortDescription: 'x', description: '' });
    const files = storedFiles(t);
    const body = multipart(await demoSourceZip('Hostile'), 'src.zip', { versionString: '1.0\u0000' });
    const res = await postRaw(
      t.app,
      `/api/plugins/${p.id}/files/source`,
      m,
      body.headers['content-type'],
      body.payload,
    );
    expect(res.statusCode).toBe(400);
    expect(storedFiles(t)).toEqual(files);
    expect(await count('submissions')).toBe(0);
  });

  it('answers a truncated multipart body with 400', async () => {
    const res = await postRaw(
      t.app,
      '/api/members/me/avatar',
      m,
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed multipart body' });
  });

  it('answers two file parts with 400, not 413', async () => {
    const p = await createPlugin(t, m, { name: 'Two Files', shortDescription: 'x', description: '' });
    const zip = await demoSourceZip('TwoFiles');
    const b = '----two';
    const part = (n: string) =>
      Buffer.concat([
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${n}"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        zip,
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([part('a.zip'), part('b.zip'), Buffer.from(`--${b}--\r\n`)]);
    const res = await postRaw(
      t.app,
      `/api/plugins/${p.id}/files/source`,
      m,
      `multipart/form-data; boundary=${b}`,
      payload,
    );
    expect(res.statusCode).toBe(400);
    expect(await count('submissions')).toBe(0);
  });

  it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
    const bad = await postRaw(t.app, '/api/feedback', m, 'application/json', '{"content": "x",');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Malformed JSON body' });
    const xml = await postRaw(t.app, '/api/feedback', m, 'application/xml', '<x/>');
    expect(xml.statusCode).toBe(415);
  });

  it('refuses numbers past what the database holds with 400 and a message naming the field', async () => {
    const p = await createPlugin(t, m, { name: 'Big Numbers', shortDescription: 'x', description: '' });
    const cursor = await t.app.inject({ method: 'GET', url: `/api/plugins/${p.id}/comments?before=2147483648` });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json<{ message: string }>().message).toContain(COMMENT_MESSAGES.pageCursor);
    const tag = await t.app.inject({
      method: 'PUT',
      url: `/api/plugins/${p.id}/tags`,
      headers: m.auth,
      payload: { tagIds: [2147483648] },
    });
    expect(tag.statusCode).toBe(400);
    expect(tag.json<{ message: string }>().message).toContain(PLUGIN_MESSAGES.unknownTag);
    for (const id of ['2147483648', '9007199254740993', '-1', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/plugins/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(INVALID_ID);
    }
    // The largest id and the exponent form of a small one are ids: no such plugin.
    for (const id of ['2147483647', '1e9'])
      expect((await t.app.inject({ method: 'GET', url: `/api/plugins/${id}` })).statusCode).toBe(404);
  });
});
