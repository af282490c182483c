import { Navigate, useParams } from 'react-router';
import { SectionLayout } from '../../components/section-layout';
import { ButtonLink } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useConfig } from '../../lib/config';
import { AvatarSettings } from './avatar-settings';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { LanguageSettings } from './language-settings';
import { SETTINGS_SECTIONS, SETTINGS_TEXT, SUPPORT_TEXT, type SettingsSection } from './constants';
import { LinkedAccounts } from './linked-accounts';
import { NotificationSettings } from './notification-settings';
import { PublishTokens } from './publish-tokens';
import { PasskeysSettings } from './passkeys-settings';
import { SessionsList } from './sessions-list';
import { TwoFactorSettings } from './two-factor-settings';

const LINKS = SETTINGS_SECTIONS.map((s) => ({ to: `/account/settings/${s}`, label: SETTINGS_TEXT.nav[s] }));

function SupportLine() {
  const { supportEmail } = useConfig();
  if (!supportEmail) return null;
  return (
    <p className="text-sm text-slate-400">
      <span className="font-medium text-slate-300">{SUPPORT_TEXT.heading}</span> {SUPPORT_TEXT.body}{' '}
      <a href={`mailto:${supportEmail}`} className="text-sky-400 underline underline-offset-2 hover:text-sky-300">
        {supportEmail}
      </a>
      .
    </p>
  );
}

function isSection(value: string | undefined): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value ?? '');
}

/** /account/settings/{section}: an unknown or missing section opens Account. */
export function SettingsPage() {
  const { section } = useParams();
  useDocumentTitle(SETTINGS_TEXT.title);
  if (!isSection(section)) return <Navigate to="/account/settings/account" replace />;
  return (
    <SectionLayout
      title={SETTINGS_TEXT.title}
      navLabel="Settings sections"
      links={LINKS}
      actions={
        <ButtonLink to="/dashboard" variant="outline" size="sm">
          {SETTINGS_TEXT.back}
        </ButtonLink>
      }
    >
      <div className="space-y-6">
        {section === 'account' && (
          <>
            <AvatarSettings />
            <ChangeEmailForm />
            <LanguageSettings />
            <SupportLine />
          </>
        )}
        {section === 'security' && (
          <>
            <ChangePasswordForm />
            <TwoFactorSettings />
            <PasskeysSettings />
            <LinkedAccounts />
            <SessionsList />
          </>
        )}
        {section === 'notifications' && <NotificationSettings />}
        {section === 'tokens' && <PublishTokens />}
      </div>
    </SectionLayout>
  );
}
