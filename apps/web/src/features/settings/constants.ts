/** The sections of /account/settings/{section}, in the sidebar's order (their names: settings-text SECTION_KEYS). */
export const SETTINGS_SECTIONS = ['account', 'security', 'notifications', 'tokens'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
