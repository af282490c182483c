import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { publishedPlugin } from './modules/plugins/test-helpers.js';

/**
 * Generated bad input to every documented route (the OpenAPI document the route schemas make):
 * path parameters, query strings, JSON bodies and raw bodies of every shape, anonymous, as a member
 * and as an administrator. Whatever is sent, no route may answer 5xx.
 */
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query: string[];
  body: string[] | null;
}

let t: TestApp;
let operations: Operation[];
let tokens: Record<'none' | 'member' | 'admin', Record<string, string>>;

beforeAll(async () => {
  t = await startTestApp({
    limits: Object.fromEntries(
      [
        'login',
        'register',
        'forgot',
        'resend',
        'provideEmail',
        'password',
        'feedback',
        'comment',
        'create',
        'vote',
        'rating',
      ].map((n) => [n, { ip: { points: 100_000, durationS: 60 }, account: { points: 100_000, durationS: 60 } }]),
    ),
  });
  const member = await signedInMember(t);
  const admin = await signedInMember(t, ['administrator']);
  await publishedPlugin(t, member, { name: 'Fuzzed Plugin', shortDescription: 'x', description: '' });
  tokens = { none: {}, member: member.auth, admin: admin.auth };
  const doc = (await t.app.inject('/api/docs/json')).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string }>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  }>();
  operations = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // Signing out or impersonating would end the sessions the other runs use; they get their own tests.
      if (/logout|stop-impersonation|impersonate/.test(path)) continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: json ? Object.keys(json.properties ?? {}) : null,
      });
    }
  }
});

afterAll(async () => {
  await t?.close();
});

const weirdText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uD800',
    '<script>',
    "' or 1=1 --",
    '{}',
    '[]',
    'null',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const deepArray = fc.integer({ min: 50, max: 3000 }).map((d) => '['.repeat(d) + ']'.repeat(d));

function pathOf(template: string, values: string[]) {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++ % values.length] ?? ''));
}

describe('generated bad input to every route', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('never answers 5xx', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      await fc
        .assert(
          fc.asyncProperty(
            fc.constantFrom<'none' | 'member' | 'admin'>('none', 'member', 'admin'),
            fc.array(weirdText, { minLength: 1, maxLength: 3 }),
            fc.array(
              fc.tuple(
                fc.oneof(fc.constantFrom(...(op.query.length ? op.query : ['page'])), fc.string({ maxLength: 8 })),
                weirdText,
              ),
              { maxLength: 4 },
            ),
            fc.oneof(
              {
                weight: 3,
                arbitrary: fc
                  .dictionary(fc.constantFrom(...(op.body?.length ? op.body : ['x'])), fc.oneof(jsonValue, weirdText))
                  .map((v) => ({ json: v as unknown })),
              },
              { weight: 2, arbitrary: jsonValue.map((v) => ({ json: v as unknown })) },
              { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ raw, type: 'application/json' })) },
              { weight: 1, arbitrary: deepArray.map((raw) => ({ raw, type: 'application/json' })) },
              {
                weight: 1,
                arbitrary: fc
                  .string({ maxLength: 60 })
                  .map((raw) => ({ raw, type: 'multipart/form-data; boundary=zz' })),
              },
              {
                weight: 1,
                arbitrary: fc
                  .uint8Array({ maxLength: 64 })
                  .map((b) => ({ raw: Buffer.from(b), type: 'application/json' })),
              },
            ),
            async (who, pathValues, query, body) => {
              const qs = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
              const url = `${pathOf(op.path, pathValues)}${qs ? `?${qs}` : ''}`;
              const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
              const payload = !hasBody ? undefined : 'json' in body ? JSON.stringify(body.json) : body.raw;
              const type = !hasBody ? undefined : 'json' in body ? 'application/json' : body.type;
              const res = await t.app.inject({
                method: op.method,
                url,
                payload,
                headers: { ...tokens[who], ...(type ? { 'content-type': type } : {}) },
              });
              if (res.statusCode >= 500)
                failures.push(
                  `${op.method} ${url} (${who}, ${String(payload).slice(0, 80)}) -> ${res.statusCode} ${res.body.slice(0, 120)}`,
                );
              return res.statusCode < 500;
            },
          ),
          { numRuns: 30, seed: 20261123, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
