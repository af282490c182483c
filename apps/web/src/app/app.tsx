import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RuntimeConfig } from '../lib/config';
import { Providers } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <Providers config={config}>
      <RouterProvider router={router} />
    </Providers>
  );
}
