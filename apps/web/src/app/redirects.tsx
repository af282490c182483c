import { Navigate, useLocation, useParams } from 'react-router';
import { lazyPage } from './lazy';

const NotFoundPage = lazyPage(() => import('../features/not-found').then((m) => m.NotFoundPage));

/** /plugins/view/:id and /plugins/:id (numeric) -> /plugin/:id. */
export function PluginAliasRedirect({ numericOnly = false }: { numericOnly?: boolean }) {
  const { id = '' } = useParams();
  const { search } = useLocation();
  if (numericOnly && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <Navigate to={`/plugin/${id}${search}`} replace />;
}

/** /car/... -> /cars/... */
export function CarAliasRedirect() {
  const params = useParams();
  const { search } = useLocation();
  const rest = params['*'] ?? '';
  return <Navigate to={`/cars${rest ? `/${rest}` : ''}${search}`} replace />;
}
