import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CAR_MESSAGES,
  DEPENDENCY_MESSAGES,
  INSPECTION_MESSAGES,
  MEMBER_MESSAGES,
  ZIP_MESSAGES,
  codedMessage,
  messageCatalogue,
  messageCode,
} from '@bm/core';
import { signedInMember, startTestApp, uniqueMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('stable error codes (docs/i18n.md, Server)', () => {
  it('names every core message by its object and key', () => {
    expect(messageCode(AUTH_MESSAGES.emailTaken)).toBe('auth.emailTaken');
    expect(messageCode(MEMBER_MESSAGES.notFound)).toBe('member.notFound');
    expect(messageCode(CAR_MESSAGES.notFound)).toBe('car.notFound');
    expect(messageCode('Something no constant says')).toBeUndefined();
  });

  it('names a message with values in it, and gives the values back', () => {
    expect(codedMessage(ZIP_MESSAGES.symlink('a: b/(c).dll'))).toEqual({
      code: 'zip.symlink',
      params: { name: 'a: b/(c).dll' },
    });
    expect(codedMessage(ZIP_MESSAGES.tooLarge(7 * 1024 * 1024))).toEqual({
      code: 'zip.tooLarge',
      params: { max: '7' },
    });
    // The same words as an earlier constant are named by that constant (moderation's 50 MB binary limit).
    expect(codedMessage(ZIP_MESSAGES.tooLarge(50 * 1024 * 1024))).toEqual({ code: 'moderation.binaryTooLarge' });
    expect(codedMessage(INSPECTION_MESSAGES.machine('plugins/x.dll', 'x86'))).toEqual({
      code: 'inspection.machine',
      params: { path: 'plugins/x.dll', machine: 'x86' },
    });
    expect(codedMessage(DEPENDENCY_MESSAGES.cycle(['A', 'B', 'A']))).toEqual({
      code: 'dependency.cycle',
      params: { names: 'A → B → A' },
    });
    // A constant is named as before, with no params; text that no template makes has no code.
    expect(codedMessage(ZIP_MESSAGES.notZip)).toEqual({ code: 'zip.notZip' });
    expect(codedMessage('The ZIP contains a symbolic link')).toBeUndefined();
    // The English catalogue holds the template, placeholders and all, for the translations to follow.
    expect(messageCatalogue().zip?.symlink).toBe('The ZIP contains a symbolic link: {name}');
    expect(messageCatalogue().inspection?.machine).toBe(INSPECTION_MESSAGES.machine.template);
  });

  it('adds the code to an error answer whose message is a core constant, and nothing to others', async () => {
    const m = uniqueMember('code');
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: m });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...m, username: `${m.username}x`.slice(0, 20) },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: AUTH_MESSAGES.emailTaken, code: 'auth.emailTaken' });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueMember('c'), email: 'nope' },
    });
    expect(invalid.json()).toMatchObject({ message: AUTH_MESSAGES.emailInvalid, code: 'auth.emailInvalid' });

    const member = await signedInMember(t);
    const missing = await t.app.inject({ url: '/api/members/no-such-member-here', headers: member.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MEMBER_MESSAGES.notFound, code: 'member.notFound' });

    const notFound = await t.app.inject({ url: '/api/nope' });
    expect(notFound.json()).toEqual({ message: 'Not found' });
  });
});
