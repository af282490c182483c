import type { Plugin } from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Time, cx, focusRing } from '../../../components/ui';
import { PLUGIN_DETAIL_TEXT as T } from '../constants';

export function InfoBox({ plugin, authorName }: { plugin: Plugin; authorName: string }) {
  const row = (label: string, value: ReactNode) => (
    <div className="flex justify-between gap-3 py-2">
      <dt className="text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words text-right text-slate-100">{value}</dd>
    </div>
  );
  const external = (href: string, text: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={cx('text-sky-300 hover:underline', focusRing)}
    >
      {text}
    </a>
  );
  return (
    <section aria-labelledby="plugin-info" className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <h2 id="plugin-info" className="mb-2 font-semibold text-white">
        {T.info}
      </h2>
      <dl className="divide-y divide-slate-800 text-sm">
        {row(T.infoVersion, plugin.versionString ?? T.none)}
        {row(
          T.infoAuthor,
          <Link
            to={`/members/${encodeURIComponent(plugin.member.displayName)}`}
            className={cx('text-sky-300 hover:underline', focusRing)}
          >
            {authorName}
          </Link>,
        )}
        {row(T.infoCreated, <Time value={plugin.createdAt} />)}
        {row(T.infoUpdated, <Time value={plugin.updatedAt} />)}
        {row(T.infoTags, plugin.tags.length ? plugin.tags.map((t) => t.longName || t.shortName).join(', ') : T.none)}
        {row(T.infoHomepage, plugin.homepage ? external(plugin.homepage, T.visitHomepage) : T.none)}
        {row(T.infoSource, plugin.sourceCodeUrl ? external(plugin.sourceCodeUrl, T.viewSource) : T.none)}
      </dl>
    </section>
  );
}
