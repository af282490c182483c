import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startPageTestApp, type TestApp } from '../../../test/harness.js';
import { createPlugin, publishedPlugin } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await startPageTestApp();
});
afterAll(() => t.close());

describe('plugin page meta', () => {
  it('writes a public plugin’s name and short description into its page, nothing of a hidden one', async () => {
    const owner = await signedInMember(t);
    const p = await publishedPlugin(t, owner, { name: 'Meta <Plugin>', shortDescription: 'Shows boost & more' });
    for (const url of [`/plugin/${p.id}`, `/plugins/view/${p.id}`]) {
      const page = await t.app.inject(url);
      expect(page.body).toContain('<title>Meta &lt;Plugin&gt; · BakkesMod Community</title>');
      expect(page.body).toContain('<meta name="description" content="Shows boost &amp; more" />');
    }
    const draft = await createPlugin(t, owner, { name: 'Secret Draft' });
    expect((await t.app.inject(`/plugin/${draft.id}`)).body).toContain('<title>BakkesMod Community</title>');
  });

  it('answers a never-published plugin’s page 200 with noindex (its owner’s visit fails no request), an unknown one 404', async () => {
    const owner = await signedInMember(t);
    const draft = await createPlugin(t, owner, { name: 'Quiet Draft' });
    for (const url of [`/plugin/${draft.id}`, `/plugins/view/${draft.id}`]) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      expect(page.body).not.toContain('Quiet Draft');
      expect(page.body).not.toContain('bm-data');
    }
    const gone = await t.app.inject('/plugin/2000000000');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('noindex');
  });
});
