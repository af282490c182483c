import { DEFAULT_NOTIFICATION_PREFERENCES, PLUGIN_SUB_PREFERENCES } from '@bm/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, json, mockFetch, renderPage, signInAs, signOut } from '../../test/utils';
import { NotificationSettings } from './notification-settings';
import { SETTINGS_EN } from './settings-text';

const PREFERENCE_LABELS = SETTINGS_EN.notifications.prefs;
const M = SETTINGS_EN.messages;
const N = SETTINGS_EN.notifications;

const toggle = (key: keyof typeof PREFERENCE_LABELS) =>
  screen.getByRole('switch', { name: PREFERENCE_LABELS[key].label });

describe('NotificationSettings', () => {
  beforeEach(() => signInAs());
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('disables the plugin sub-toggles while pluginAll is off', async () => {
    mockFetch(() => json(200, { ...DEFAULT_NOTIFICATION_PREFERENCES }));
    const user = userEvent.setup();
    renderPage(<NotificationSettings />);
    expect(await screen.findByRole('switch', { name: PREFERENCE_LABELS.pluginAll.label })).toBeChecked();
    for (const key of PLUGIN_SUB_PREFERENCES) expect(toggle(key)).toBeEnabled();

    await user.click(toggle('pluginAll'));
    expect(toggle('pluginAll')).not.toBeChecked();
    for (const key of PLUGIN_SUB_PREFERENCES) expect(toggle(key)).toBeDisabled();
    expect(toggle('inboxNotifications')).toBeEnabled();
    expect(toggle('productUpdates')).toBeEnabled();
  });

  it('loads with pluginAll off: sub-toggles start disabled', async () => {
    mockFetch(() => json(200, { ...DEFAULT_NOTIFICATION_PREFERENCES, pluginAll: false }));
    renderPage(<NotificationSettings />);
    await screen.findByRole('switch', { name: PREFERENCE_LABELS.pluginAll.label });
    for (const key of PLUGIN_SUB_PREFERENCES) expect(toggle(key)).toBeDisabled();
  });

  it('saves every boolean (followedUpdates, on by default, among them), and Reset goes back to what was loaded', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'PUT' ? json(200, bodyOf(init)) : json(200, { ...DEFAULT_NOTIFICATION_PREFERENCES }),
    );
    const user = userEvent.setup();
    renderPage(<NotificationSettings />);
    await screen.findByRole('switch', { name: PREFERENCE_LABELS.productUpdates.label });

    await user.click(toggle('productUpdates'));
    expect(toggle('productUpdates')).toBeChecked();
    await user.click(screen.getByRole('button', { name: N.reset }));
    expect(toggle('productUpdates')).not.toBeChecked();

    expect(toggle('followedUpdates')).toBeChecked();
    await user.click(toggle('followedUpdates'));
    await user.click(toggle('inboxNotifications'));
    await user.click(screen.getByRole('button', { name: N.save }));
    expect(await screen.findByText(M.preferencesUpdated)).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/NotificationSettings/my');
    expect(bodyOf(put[1]!)).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      inboxNotifications: false,
      followedUpdates: false,
    });
    expect(screen.getByRole('button', { name: N.reset })).toBeDisabled();
  });

  it('toasts load and save failures', async () => {
    mockFetch((_url, init) => (init.method === 'PUT' ? json(500, {}) : json(500, {})));
    const user = userEvent.setup();
    renderPage(<NotificationSettings />);
    expect(await screen.findByText(M.preferencesLoadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: N.save }));
    expect(await screen.findByText(M.preferencesUpdateFailed)).toBeInTheDocument();
  });
});
