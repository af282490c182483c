import { AUTH_MESSAGES, EMAIL_PATTERN } from '@bm/core';
import { useState, type FormEvent } from 'react';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, PasswordField, TextField } from '../../components/ui';
import { errorText } from '../../lib/api';
import { useCurrentMember } from '../../lib/auth';
import { settingsApi } from './api';
import { EMAIL_CHANGE_TEXT } from './constants';
import { SectionCard } from './section-card';

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
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const suggestion = useEmailSuggestion(newEmail);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = changeEmailError(currentPassword, newEmail, repeat, suggestion.blocking);
    if (problem) {
      setResult({ ok: false, text: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await settingsApi.requestEmailChange(currentPassword, newEmail.trim());
      setResult({ ok: true, text: EMAIL_CHANGE_TEXT.success });
      setCurrentPassword('');
      setNewEmail('');
      setRepeat('');
    } catch (err) {
      setResult({ ok: false, text: errorText(err, EMAIL_CHANGE_TEXT.failed) });
    } finally {
      setBusy(false);
    }
  };

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
