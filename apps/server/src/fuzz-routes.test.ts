import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { publishedPlugin } from './modules/plugins/test-support.js';

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
  /** Query parameters and body properties the schema types as numbers (or arrays of numbers). */
  numbers: { query: string[]; body: Array<{ name: string; array: boolean }> };
}

type JsonSchema = { type?: string | string[]; items?: JsonSchema; anyOf?: JsonSchema[] };
const isNumeric = (s: JsonSchema | undefined): boolean =>
  !!s && ([s.type].flat().some((t) => t === 'integer' || t === 'number') || !!s.anyOf?.some(isNumeric));

let t: TestApp;
let operations: Operation[];
let tokens: Record<'none' | 'member' | 'admin', Record<string, string>>;
/** A plugin the member owns: path parameters not under test name it, so the route reaches the database. */
let pluginId: number;

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
  pluginId = (await publishedPlugin(t, member, { name: 'Fuzzed Plugin', shortDescription: 'x', description: '' })).id;
  tokens = { none: {}, member: member.auth, admin: admin.auth };
  const doc = (await t.app.inject('/api/docs/json')).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, JsonSchema> } }> };
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
        numbers: {
          query: (op.parameters ?? []).filter((p) => p.in === 'query' && isNumeric(p.schema)).map((p) => p.name),
          body: Object.entries(json?.properties ?? {})
            .filter(([, s]) => isNumeric(s) || (s.type === 'array' && isNumeric(s.items)))
            .map(([name, s]) => ({ name, array: s.type === 'array' })),
        },
      });
    }
  }
});

afterAll(async () => {
  await t?.close();
});

/**
 * Numbers at the edges of what PostgreSQL holds (integer, bigint) and of what JavaScript counts
 * exactly, and the forms a number takes in text (sign, fraction, exponent).
 */
const BOUNDARY_TEXT = [
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740992',
  '9223372036854775807',
  '9223372036854775808',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '2.147483648e9',
  '1e309',
];
const BOUNDARY_JSON: unknown[] = [
  2147483647,
  2147483648,
  -2147483649,
  2 ** 53,
  2 ** 63,
  -1,
  0,
  1.5,
  1e3,
  1e308,
  '2147483648',
  '1e3',
];

const weirdText = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_TEXT) },
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
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(...BOUNDARY_JSON),
  fc.array(fc.constantFrom(...BOUNDARY_JSON), { minLength: 1, maxLength: 3 }),
);
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

  it('bounds every number a route reads: boundary values in any path, query or body number answer no 5xx', async () => {
    const failures: string[] = [];
    // Requests that would end the member's session, or remove the plugin the others use, go last.
    const ending = (op: Operation) => op.method === 'DELETE' || /disable|roles|password|email/.test(op.path);
    const ordered = [...operations.filter((op) => !ending(op)), ...operations.filter(ending)];
    const send = async (op: Operation, who: 'member' | 'admin', path: string, query: string, body?: unknown) => {
      const url = `${path}${query ? `?${query}` : ''}`;
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
      const res = await t.app.inject({
        method: op.method,
        url,
        headers: tokens[who],
        ...(hasBody ? { payload: (body ?? {}) as Record<string, unknown> } : {}),
      });
      if (res.statusCode >= 500)
        failures.push(`${op.method} ${url} ${JSON.stringify(body) ?? ''} (${who}) -> ${res.statusCode}`);
    };
    for (const op of ordered) {
      const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const at = (name: string, value: string) =>
        op.path.replace(/\{([^}]+)\}/g, (_, p: string) => encodeURIComponent(p === name ? value : String(pluginId)));
      for (const who of ['member', 'admin'] as const) {
        for (const value of BOUNDARY_TEXT) {
          for (const name of params) await send(op, who, at(name, value), '');
          for (const name of op.numbers.query) await send(op, who, at('', ''), `${name}=${encodeURIComponent(value)}`);
        }
        for (const value of BOUNDARY_JSON) {
          for (const { name, array } of op.numbers.body)
            await send(op, who, at('', ''), '', { [name]: array ? [value] : value });
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
