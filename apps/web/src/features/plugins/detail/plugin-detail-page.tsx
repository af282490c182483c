import { FEED_PATHS, FEED_TITLES } from '@bm/core';
import { FeedLink } from '../../../components/feed-link';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink, Spinner } from '../../../components/ui';
import { routeId } from '../../../lib/redirect';
import { ItemUnavailable, useItemNotFound } from '../../item-detail';
import { pluginDetailQuery } from '../api';
import { usePluginDetailT } from './detail-text';
import { PluginDetailView } from './plugin-detail-view';

/** /plugin/{id} (§2). */
export function PluginDetailPage() {
  const t = usePluginDetailT();
  const id = routeId(useParams().id);
  const detail = useQuery({ ...pluginDetailQuery(id ?? 0), enabled: id !== null });
  const navigate = useNavigate();
  const notFound = useItemNotFound(t, id, detail);
  // The page is large: when the plugin arrives it is rendered in the background, in slices, while the
  // loader stays (no long task between the answer and the first paint of the page).
  const plugin = useDeferredValue(detail.data);

  if (notFound || detail.isError) {
    return (
      <ItemUnavailable
        t={t}
        notFound={notFound}
        browse={<ButtonLink to="/plugins">{t('detail.browsePlugins')}</ButtonLink>}
        query={detail}
        backText={t('detail.backToPlugins')}
        onBack={() => void navigate('/plugins')}
      />
    );
  }
  if (!plugin) {
    // A screen tall, like the page it stands for: the footer stays below the fold until the plugin
    // arrives instead of jumping down then (layout shift).
    return (
      <div className="flex min-h-screen items-center justify-center gap-3 text-slate-300">
        <Spinner label={t('detail.loading')} />
        <span aria-hidden="true">{t('detail.loading')}</span>
      </div>
    );
  }
  return (
    <>
      <FeedLink title={FEED_TITLES.plugin(plugin.name)} href={FEED_PATHS.plugin(plugin.id)} />
      <PluginDetailView plugin={plugin} />
    </>
  );
}
