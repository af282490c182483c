import { describe, expect, it } from 'vitest';
import {
  MEMBER_MESSAGES,
  isHttpUrl,
  memberPluginsQuery,
  profileErrors,
  profileUpdateRequest,
  socialUrlError,
  socialUrlMessage,
  emptySocials,
} from './index.js';

describe('profile links', () => {
  it('take http(s) addresses with a host, or nothing', () => {
    expect(isHttpUrl('https://github.com/me')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    for (const bad of ['github.com/me', 'ftp://example.com', 'javascript:alert(1)', 'https://', 'mailto:a@b.c'])
      expect(isHttpUrl(bad), bad).toBe(false);
    expect(socialUrlError('githubUrl', '   ')).toBeNull();
    expect(socialUrlError('githubUrl', ' https://github.com/me ')).toBeNull();
    expect(socialUrlError('twitterUrl', 'x.com/me')).toBe('Twitter/X must be a link starting with http:// or https://');
    expect(socialUrlError('websiteUrl', `https://example.com/${'a'.repeat(2000)}`)).toBe(
      socialUrlMessage('websiteUrl'),
    );
  });

  it('name every bad field of a profile edit, the same way the server answers', () => {
    const errors = profileErrors({
      bioMarkdown: 'x'.repeat(5001),
      socials: { ...emptySocials(), discordUrl: 'discord.gg/x' },
    });
    expect(errors).toEqual({
      bioMarkdown: MEMBER_MESSAGES.bioTooLong,
      'socials.discordUrl': socialUrlMessage('discordUrl'),
    });
    const parsed = profileUpdateRequest.parse({ bioMarkdown: 'hi', socials: { githubUrl: ' https://github.com/me ' } });
    expect(parsed.socials).toEqual({ ...emptySocials(), githubUrl: 'https://github.com/me' });
    expect(profileUpdateRequest.safeParse({ socials: { youtubeUrl: 'youtube' } }).success).toBe(false);
  });

  it('page a member list 16 at a time, at most 50', () => {
    expect(memberPluginsQuery.parse({})).toEqual({ page: 1, pageSize: 16 });
    expect(memberPluginsQuery.parse({ page: '2', pageSize: '50' })).toEqual({ page: 2, pageSize: 50 });
    expect(memberPluginsQuery.safeParse({ pageSize: '51' }).success).toBe(false);
  });
});
