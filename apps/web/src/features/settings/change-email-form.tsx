import { AUTH_MESSAGES, EMAIL_PATTERN } from '@bm/core';
import { useState } from 'react';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, PasswordField, TextField } from '../../components/ui';
import { useCurrentMember } from '../../lib/auth';
import { settingsApi } from './api';
import { EMAIL_CHANGE_TEXT } from './constants';
import { SectionCard } from './section-card';
import { useSettingsSubmit } from './use-settings-submit';

export function changeEmailError(
  currentPassword: string,
  newEmail: string,
  repeat: string,
  warningOpen: boolean,
): string | null {
  if (!currentPassword || !newEmail.trim() || !repeat.trim()) return EMAIL_CHANGE_TEXT.allRequired;
  if (newEmail.trim().toLowerCase() !== repeat.trim().toLowerCase()) return EMAIL_CHANGE_TEXT.mismatch;
  if (!EMAIL_PATTERN.test(newEmail.trim())) return AUTH_MESSAGES.emailInvalid;
  if (warningOpen) return EMAIL_CHANGE_TEXT.warning;
  return null;
}

export function ChangeEmailForm() {
  const member = useCurrentMember();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newEmail, setNewEmail] = useState('');
  const [repeat, setRepeat] = useState('');
  const suggestion = useEmailSuggestion(newEmail);
  const { busy, result, submit } = useSettingsSubmit(
    () => changeEmailError(currentPassword, newEmail, repeat, suggestion.blocking),
    async () => {
      await settingsApi.requestEmailChange(currentPassword, newEmail.trim());
      setCurrentPassword('');
      setNewEmail('');
      setRepeat('');
      return EMAIL_CHANGE_TEXT.success;
    },
    EMAIL_CHANGE_TEXT.failed,
  );

  return (
    <SectionCard title={EMAIL_CHANGE_TEXT.heading} intro={EMAIL_CHANGE_TEXT.current(member?.email ?? null)}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <p className="text-xs text-slate-400">{EMAIL_CHANGE_TEXT.note}</p>
        <PasswordField
          label={EMAIL_CHANGE_TEXT.password}
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <TextField
          label={EMAIL_CHANGE_TEXT.newEmail}
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <EmailSuggestionNotice state={suggestion} onApply={setNewEmail} />
        <TextField
          label={EMAIL_CHANGE_TEXT.repeat}
          type="email"
          autoComplete="email"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        {result && <Alert variant={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy ? EMAIL_CHANGE_TEXT.submitting : EMAIL_CHANGE_TEXT.submit}
        </Button>
      </form>
    </SectionCard>
  );
}
