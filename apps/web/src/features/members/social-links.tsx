import { SOCIAL_KEYS, isHttpUrl, type SocialKey, type Socials } from '@bm/core';
import type { ReactNode } from 'react';
import { cx, focusRing } from '../../components/ui';
import { SOCIAL_LABEL_KEYS, useMembersT } from './members-text';

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="currentColor" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

/** Small hand-drawn marks for each kind of link (simple shapes, not the brands' logos). */
const ICONS: Record<SocialKey, ReactNode> = {
  websiteUrl: svg(
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15 15 0 0 0-1.3-4A8 8 0 0 1 18.9 8ZM12 4.1c.8 1.1 1.5 2.4 1.9 3.9h-3.8c.4-1.5 1.1-2.8 1.9-3.9ZM4.3 14a8 8 0 0 1 0-4h3.4a16 16 0 0 0 0 4H4.3Zm.8 2h3a15 15 0 0 0 1.3 4A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.3-4 15 15 0 0 0-1.3 4ZM12 19.9c-.8-1.1-1.5-2.4-1.9-3.9h3.8c-.4 1.5-1.1 2.8-1.9 3.9Zm2.3-5.9H9.7a14 14 0 0 1 0-4h4.6a14 14 0 0 1 0 4Zm.3 6a15 15 0 0 0 1.3-4h3a8 8 0 0 1-4.3 4Zm1.7-6a16 16 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4Z" />,
  ),
  githubUrl: svg(
    <path d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.5-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.4 1.1 2.9.8.1-.7.4-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.3 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2Z" />,
  ),
  twitterUrl: svg(
    <path d="M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.2L6.8 21H4l7-8.1L4 3Zm3 1.6 10.3 14.8h1.3L8.3 4.6H7Z" />,
  ),
  discordUrl: svg(
    <path d="M19 5.5A16 16 0 0 0 15 4.3l-.5 1a15 15 0 0 0-5 0l-.5-1A16 16 0 0 0 5 5.5C2.5 9.3 1.8 13 2.1 16.6A16 16 0 0 0 7 19l1-1.6a10 10 0 0 1-1.6-.8l.4-.3a11 11 0 0 0 10.4 0l.4.3a10 10 0 0 1-1.6.8l1 1.6a16 16 0 0 0 4.9-2.4c.4-4.2-.7-7.9-2.9-11.1ZM9 14.4c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z" />,
  ),
  youtubeUrl: svg(
    <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z" />,
  ),
  twitchUrl: svg(
    <path d="M4.3 3 3 6.4V19h4.3v2.3h2.4L12 19h3.5l4.7-4.7V3H4.3Zm14.2 10.5L15.8 16.2h-4.3l-2.3 2.3v-2.3H5.6V4.7h12.9v8.8ZM15.8 7.5v4.7h-1.7V7.5h1.7Zm-4.7 0v4.7H9.4V7.5h1.7Z" />,
  ),
};

/** The member's links with an icon each, named for screen readers; 'No social links provided.' when there are none. */
export function SocialLinks({ socials, name }: { socials: Socials; name: string }) {
  const t = useMembersT();
  const links = SOCIAL_KEYS.filter((k) => socials[k] && isHttpUrl(socials[k]));
  if (!links.length) return <p className="text-sm text-slate-400">{t('profile.noSocials')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {links.map((key) => (
        <li key={key} className="min-w-0">
          <a
            href={socials[key]}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            title={t('profile.socialTitle', { name, site: t(SOCIAL_LABEL_KEYS[key]) })}
            className={cx(
              'flex min-w-0 items-center gap-2 rounded text-sm text-sky-300 hover:text-sky-200 hover:underline',
              focusRing,
            )}
          >
            {ICONS[key]}
            <span className="font-medium text-slate-200">{t(SOCIAL_LABEL_KEYS[key])}</span>
            <span className="truncate text-slate-400">{displayUrl(socials[key])}</span>
            <span className="sr-only"> {t('profile.newTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The address without its scheme and trailing slash, for showing. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}
