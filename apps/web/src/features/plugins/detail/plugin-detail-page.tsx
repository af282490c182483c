import { FEED_PATHS, FEED_TITLES } from '@bm/core';
import { FeedLink } from '../../../components/feed-link';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink, Spinner } from '../../../components/ui';
import { ItemLoadError } from '../../../components/item-load-error';
import { useDocumentTitle } from '../../../components/use-document-title';
import { isApiError } from '../../../lib/api';
import { routeId } from '../../../lib/redirect';
import { ItemNotFound } from '../../not-found';
import { pluginDetailQuery } from '../api';
import { PLUGIN_DETAIL_TEXT as T } from '../constants';
import { PluginDetailView } from './plugin-detail-view';

/** /plugin/{id} (§2). */
export function PluginDetailPage() {
  const id = routeId(useParams().id);
  const detail = useQuery({ ...pluginDetailQuery(id ?? 0), enabled: id !== null });
  const navigate = useNavigate();
  const notFound = id === null || (isApiError(detail.error) && detail.error.status === 404);
  // The page is large: when the plugin arrives it is rendered in the background, in slices, while the
  // loader stays (no long task between the answer and the first paint of the page).
  const plugin = useDeferredValue(detail.data);
  useDocumentTitle(notFound ? T.notFoundTitle : (detail.data?.name ?? 'Plugin'));

  if (notFound) {
    return (
      <ItemNotFound title={T.notFoundTitle} body={T.notFoundBody}>
        <ButtonLink to="/plugins">{T.browsePlugins}</ButtonLink>
      </ItemNotFound>
    );
  }
  if (detail.isError) {
    return (
      <ItemLoadError
        text={T.error}
        retryText={T.retry}
        onRetry={() => void detail.refetch()}
        backText={T.backToPlugins}
        onBack={() => void navigate('/plugins')}
      />
    );
  }
  if (!plugin) {
    // A screen tall, like the page it stands for: the footer stays below the fold until the plugin
    // arrives instead of jumping down then (layout shift).
    return (
      <div className="flex min-h-screen items-center justify-center gap-3 text-slate-300">
        <Spinner label={T.loading} />
        <span aria-hidden="true">{T.loading}</span>
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
