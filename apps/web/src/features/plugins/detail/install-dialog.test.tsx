import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import D from '../../../locales/en/pluginDetail';
import { installLauncher } from './counters';
import { InstallDialog } from './install-dialog';

afterEach(() => vi.restoreAllMocks());

describe('the install dialog with requirements', () => {
  it('lists what to install first, each with its own Install, or says it is not available', async () => {
    const opened = vi.spyOn(installLauncher, 'open').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ downloadCount: 1 }))));
    render(
      <MemoryRouter>
        <InstallDialog
          open
          link="bakkesmod://install/1"
          requires={[
            { id: 7, name: 'Base Library', installable: true },
            { id: 9, name: 'Gone Helper', installable: false },
          ]}
          onRetry={() => undefined}
          onClose={() => undefined}
        />
      </MemoryRouter>,
    );
    const list = screen.getByTestId('install-requires');
    expect(screen.getByRole('heading', { name: D.install.requiresTitle })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Base Library' })).toHaveAttribute('href', '/plugin/7');
    expect(within(list).getByText(D.install.notAvailable)).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Install Gone Helper' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Install Base Library' }));
    expect(opened).toHaveBeenCalledWith('bakkesmod://install/7');
    vi.unstubAllGlobals();
  });

  it('shows no list without requirements', () => {
    render(
      <MemoryRouter>
        <InstallDialog open link="bakkesmod://install/1" onRetry={() => undefined} onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('install-requires')).toBeNull();
  });
});
