import { BrowserRouter } from 'react-router';
import type { RuntimeConfig } from '../lib/config';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function App({ config }: { config: RuntimeConfig }) {
  return (
    <Providers config={config}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
