export { SettingsPage } from './settings-page';
/** Also used by the dashboard's Settings tab. */
export { AvatarSettings } from './avatar-settings';
export { ChangePasswordForm } from './change-password-form';
