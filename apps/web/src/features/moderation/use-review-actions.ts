import type { ModerationDetail } from '@bm/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { moderationApi, moderationKeys, type ApproveInput } from './api';
import { moderationMessage, moderationT } from './moderation-text';

/** A failed action's toast: the spec's text, with the server's own reason under it when it gave one. */
function failed(title: string, err: unknown) {
  const detail = moderationMessage(moderationT(), errorText(err, ''));
  if (detail) toast.error(detail, { title });
  else toast.error(title);
}

/**
 * What a moderator does with a submission: approve (with files, showing upload progress), reject,
 * hide, take over another's hold, give up one's own. A decision goes back to the pending list.
 */
export function useReviewActions(detail: ModerationDetail) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);
  const t = moderationT();

  const done = (message: string) => {
    toast.success(message);
    client.removeQueries({ queryKey: moderationKeys.detail(detail.id) });
    void client.invalidateQueries({ queryKey: moderationKeys.lists() });
    void client.invalidateQueries({ queryKey: moderationKeys.dashboard() });
    void navigate('/moderator/pending');
  };
  const onConflict = (err: unknown) => {
    // Someone took the review meanwhile: show who.
    if (isApiError(err) && err.status === 409)
      void client.invalidateQueries({ queryKey: moderationKeys.detail(detail.id) });
  };

  const approve = useMutation({
    mutationFn: (input: ApproveInput) => {
      setProgress(0);
      return moderationApi.approve(detail.id, input, setProgress);
    },
    onSuccess: () => done(t('review.approved')),
    onError: (err) => {
      failed(t('review.approveFailed'), err);
      onConflict(err);
    },
  });
  const reject = useMutation({
    mutationFn: (reason: string) => moderationApi.reject(detail.id, { reason }),
    onSuccess: () => done(t('review.rejected')),
    onError: (err) => {
      failed(t('review.rejectFailed'), err);
      onConflict(err);
    },
  });
  const hide = useMutation({
    mutationFn: () => moderationApi.hide(detail.id),
    onSuccess: () => done(t('review.hidden')),
    onError: (err) => {
      failed(t('review.hideFailed'), err);
      onConflict(err);
    },
  });
  const takeOver = useMutation({
    mutationFn: () => moderationApi.takeOver(detail.id),
    onSuccess: (next) => {
      client.setQueryData(moderationKeys.detail(detail.id), next);
      toast.success(t('hold.tookOver'));
    },
    onError: (err) => failed(t('hold.takeOverFailed'), err),
  });

  const release = useMutation({
    mutationFn: () => moderationApi.release(detail.id),
    onSuccess: (next) => {
      client.setQueryData(moderationKeys.detail(detail.id), next);
      toast.success(t('hold.released'));
    },
    onError: (err) => failed(t('hold.releaseFailed'), err),
  });

  const busy = approve.isPending || reject.isPending || hide.isPending;
  return { approve, reject, hide, takeOver, release, busy, progress };
}
