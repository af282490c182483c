import {
  BIO_MAX,
  PROFILE_SAVED_TOAST_MS,
  SOCIAL_KEYS,
  emptySocials,
  profileErrors,
  type MemberProfile,
  type Socials,
} from '@bm/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MarkdownField } from '../../components/markdown-field';
import { Alert, Button, LoadingState, TextField } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { isApiError } from '../../lib/api';
import { useCurrentMember } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { memberKeys, membersApi, profileQuery } from './api';
import { SOCIAL_LABEL_KEYS, useMemberMessage, useMembersT } from './members-text';
import { SupportLinkForm } from './support-link-form';

/** Example addresses in the empty link fields (addresses, not words: the same in every language). */
const SOCIAL_PLACEHOLDERS = {
  websiteUrl: 'https://example.com',
  githubUrl: 'https://github.com/you',
  twitterUrl: 'https://x.com/you',
  discordUrl: 'https://discord.gg/invite',
  youtubeUrl: 'https://youtube.com/@you',
  twitchUrl: 'https://twitch.tv/you',
} as const;

export interface ProfileFormValues {
  bioMarkdown: string;
  socials: Socials;
}

/** /settings/profile (§2 Profile edit): bio with Write / Preview, six links, Save Changes and Cancel. */
export function ProfileEditPage() {
  const t = useMembersT();
  useDocumentTitle(t('edit.title'));
  const me = useCurrentMember();
  const profile = useQuery({ ...profileQuery(me?.username ?? ''), enabled: !!me });

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-white">{t('edit.title')}</h1>
      <p className="mt-1 text-slate-400">{t('edit.intro')}</p>
      <div className="mt-6">
        {profile.isError ? (
          <Alert variant="error">{t('edit.loadFailed')}</Alert>
        ) : !profile.data ? (
          <LoadingState text={t('edit.loading')} className="py-16" />
        ) : (
          <>
            <ProfileForm profile={profile.data} />
            <SupportLinkForm profile={profile.data} />
          </>
        )}
      </div>
    </div>
  );
}

/** The form itself (exported for its tests): starts from the saved profile, checks each link as it is typed. */
export function ProfileForm({ profile }: { profile: MemberProfile }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useMembersT();
  const say = useMemberMessage();
  const [values, setValues] = useState<ProfileFormValues>({
    bioMarkdown: profile.bioMarkdown,
    socials: { ...emptySocials(), ...profile.socials },
  });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const fieldRefs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});
  const errors = { ...serverErrors, ...profileErrors(values) };

  const save = useMutation({
    mutationFn: () =>
      membersApi.saveProfile({
        bioMarkdown: values.bioMarkdown,
        socials: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, values.socials[k].trim()])) as Socials,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(memberKeys.profile(saved.member.displayName), saved);
      toast.success(t('edit.saved'), { duration: PROFILE_SAVED_TOAST_MS });
      void navigate(`/members/${encodeURIComponent(saved.member.displayName)}`);
    },
    onError: (err) => {
      setFailed(true);
      if (isApiError(err) && err.errors) {
        setServerErrors(Object.fromEntries(Object.entries(err.errors).map(([field, list]) => [field, list[0] ?? ''])));
      }
    },
  });

  const change = (patch: Partial<ProfileFormValues>, field: string) => {
    setValues((v) => ({ ...v, ...patch }));
    setFailed(false);
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const local = profileErrors(values);
    const firstBad = SOCIAL_KEYS.find((k) => local[`socials.${k}`]);
    if (local.bioMarkdown || firstBad) {
      if (firstBad) fieldRefs.current[firstBad]?.focus();
      return;
    }
    save.mutate();
  };

  const onCancel = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(`/members/${encodeURIComponent(profile.member.displayName)}`);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8" aria-label={t('edit.title')}>
      {failed && (
        <Alert variant="error" title={t('edit.saveFailed')}>
          {Object.keys(serverErrors).length > 0 && (
            <ul className="mt-1 list-inside list-disc">
              {Object.entries(serverErrors).map(([field, message]) => (
                <li key={field}>{say(message)}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <MarkdownField
        label={t('edit.bio')}
        tabsLabel={t('edit.bioTabs')}
        hint={t('edit.bioHint')}
        value={values.bioMarkdown}
        onChange={(bioMarkdown) => change({ bioMarkdown }, 'bioMarkdown')}
        error={errors.bioMarkdown ? say(errors.bioMarkdown) : null}
        max={BIO_MAX}
        rows={8}
        texts={{
          write: t('edit.write'),
          preview: t('edit.preview'),
          previewEmpty: t('edit.previewEmpty'),
          counter: (length, max) => t('edit.counter', { length, max }),
        }}
      />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-white">{t('edit.socials')}</legend>
        <p className="text-sm text-slate-400">{t('edit.socialsHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_KEYS.map((key) => (
            <TextField
              key={key}
              ref={(el) => {
                fieldRefs.current[key] = el;
              }}
              type="url"
              inputMode="url"
              autoComplete="url"
              name={key}
              label={t(SOCIAL_LABEL_KEYS[key])}
              placeholder={SOCIAL_PLACEHOLDERS[key]}
              value={values.socials[key]}
              onChange={(e) => change({ socials: { ...values.socials, [key]: e.target.value } }, `socials.${key}`)}
              error={errors[`socials.${key}`] ? say(errors[`socials.${key}`]!) : null}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('edit.saving') : t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
