import { SUPPORT_MESSAGES, supportUrlError, type MemberProfile } from '@bm/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, TextField } from '../../components/ui';
import { api, isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { memberKeys } from './api';
import { useMemberMessage, useMembersT } from './members-text';

/**
 * The support link of /settings/profile (docs/dependencies.md, issue 29): its own small form, saved
 * apart from the bio; empty removes it. The server checks it again (http(s), allowed hosts).
 */
export function SupportLinkForm({ profile }: { profile: MemberProfile }) {
  const client = useQueryClient();
  const t = useMembersT();
  const say = useMemberMessage();
  const [value, setValue] = useState(profile.supportUrl ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const error = supportUrlError(value) ?? serverError;
  const save = useMutation({
    mutationFn: () => api.put<{ supportUrl: string | null }>('/members/me/support-link', { supportUrl: value.trim() }),
    onSuccess: ({ supportUrl }) => {
      client.setQueryData<MemberProfile>(memberKeys.profile(profile.member.displayName), (p) =>
        p ? { ...p, supportUrl } : p,
      );
      setValue(supportUrl ?? '');
      toast.success(supportUrl ? t('support.saved') : t('support.removed'));
    },
    onError: (err) => setServerError(isApiError(err) ? err.message : SUPPORT_MESSAGES.saveFailed),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || supportUrlError(value)) return;
    save.mutate();
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('support.title')}
      className="mt-10 space-y-4 border-t border-slate-800 pt-8"
    >
      <h2 className="text-lg font-semibold text-white">{t('support.title')}</h2>
      <TextField
        type="url"
        inputMode="url"
        name="supportUrl"
        label={t('support.label')}
        hint={t('support.hint', { name: profile.member.displayName })}
        placeholder="https://ko-fi.com/yourname"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setServerError(null);
        }}
        error={error ? say(error) : error}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('support.saving') : t('support.save')}
        </Button>
      </div>
    </form>
  );
}
