import type { Plugin } from '@bm/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TitledSection } from '../../../components/titled-section';
import { Time, cx, focusRing } from '../../../components/ui';
import { usePluginDetailT } from './detail-text';

export function InfoBox({ plugin, authorName }: { plugin: Plugin; authorName: string }) {
  const t = usePluginDetailT();
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
    <TitledSection
      title={t('info.title')}
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
      headingClassName="mb-2 font-semibold text-white"
    >
      <dl className="divide-y divide-slate-800 text-sm">
        {row(t('info.version'), plugin.versionString ?? t('info.none'))}
        {row(
          t('info.author'),
          <Link
            to={`/members/${encodeURIComponent(plugin.member.displayName)}`}
            className={cx('text-sky-300 hover:underline', focusRing)}
          >
            {authorName}
          </Link>,
        )}
        {row(t('info.created'), <Time value={plugin.createdAt} />)}
        {row(t('info.updated'), <Time value={plugin.updatedAt} />)}
        {row(
          t('info.tags'),
          plugin.tags.length ? plugin.tags.map((tag) => tag.longName || tag.shortName).join(', ') : t('info.none'),
        )}
        {row(t('info.homepage'), plugin.homepage ? external(plugin.homepage, t('info.visitHomepage')) : t('info.none'))}
        {row(
          t('info.source'),
          plugin.sourceCodeUrl ? external(plugin.sourceCodeUrl, t('info.viewSource')) : t('info.none'),
        )}
      </dl>
    </TitledSection>
  );
}
