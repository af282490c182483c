import { AUTH_MESSAGES, PLUGIN_MESSAGES, ZIP_MESSAGES } from '@bm/core';
import { afterEach, describe, expect, it } from 'vitest';
import frCommon from '../../locales/fr/common.json';
import fr from '../../locales/fr/errors.json';
import { changeLocale } from '../i18n';
import { ApiError, errorText, noAnswerError, requestErrorText } from './errors';

/** The server's answers in the reader's language, by their stable code (issue 30, docs/i18n.md). */
describe('error texts by code', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  const taken = () => new ApiError(409, { message: AUTH_MESSAGES.emailTaken, code: 'auth.emailTaken' });
  const badName = () =>
    new ApiError(400, {
      message: PLUGIN_MESSAGES.nameRequired,
      code: 'plugin.nameRequired',
      errors: { name: [PLUGIN_MESSAGES.nameRequired] },
    });

  it("English readers get the server's own words", () => {
    expect(errorText(taken())).toBe('Email is already in use');
    expect(requestErrorText(badName())).toBe(PLUGIN_MESSAGES.nameRequired);
    expect(errorText(new ApiError(500, null))).toBe('Something went wrong. Please try again.');
  });

  it('a French reader gets the French of the code, a field error and the fallbacks too', async () => {
    await changeLocale('fr');
    expect(errorText(taken())).toBe(fr.auth.emailTaken);
    expect(errorText(taken())).not.toBe(AUTH_MESSAGES.emailTaken);
    expect(requestErrorText(badName())).toBe(fr.plugin.nameRequired);
    expect(errorText(new ApiError(500, null))).toBe(fr.auth.genericError);
    expect(errorText(new ApiError(400, null))).toBe(fr.auth.validationError);
  });

  it('a message with values in it puts them into its translation', async () => {
    const symlink = (params?: Record<string, string>) =>
      new ApiError(400, {
        message: ZIP_MESSAGES.symlink('cfg/link'),
        code: 'zip.symlink',
        params,
        errors: { file: [ZIP_MESSAGES.symlink('cfg/link')] },
      });
    expect(errorText(symlink({ name: 'cfg/link' }))).toBe('The ZIP contains a symbolic link: cfg/link');
    await changeLocale('fr');
    expect(errorText(symlink({ name: 'cfg/link' }))).toBe(fr.zip.symlink.replace('{name}', 'cfg/link'));
    expect(fr.zip.symlink).not.toContain('symbolic');
  });

  it('a message without a code, or with one the catalogue lacks, stays as the server wrote it', async () => {
    await changeLocale('fr');
    expect(errorText(new ApiError(409, { message: 'Version 1.2.3 already exists' }))).toBe(
      'Version 1.2.3 already exists',
    );
    expect(errorText(new ApiError(409, { message: 'Something new', code: 'plugin.notACode' }))).toBe('Something new');
    // A 400 whose first field error is not its message keeps that field error as written.
    expect(
      errorText(new ApiError(400, { message: 'Other', code: 'auth.emailTaken', errors: { x: ['Field text'] } })),
    ).toBe('Field text');
  });

  it("a call that got no answer says so in the reader's language", async () => {
    expect(requestErrorText(noAnswerError(false))).toBe('Network error. Check your connection.');
    expect(requestErrorText(noAnswerError(true))).toBe('The request timed out.');
    await changeLocale('fr');
    expect(requestErrorText(noAnswerError(false))).toBe(frCommon.network.failed);
    expect(requestErrorText(noAnswerError(true))).toBe(frCommon.network.timedOut);
  });
});
