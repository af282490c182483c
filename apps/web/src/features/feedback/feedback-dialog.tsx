import { AUTH_MESSAGES, FEEDBACK_MAX } from '@bm/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, TextAreaField } from '../../components/ui';
import { api, errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useFeedbackError, useFeedbackT } from './feedback-text';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useFeedbackT();
  const errorMessage = useFeedbackError();
  const [content, setContent] = useState('');
  const send = useMutation({
    // The server keeps at most 2000 characters of the page address.
    mutationFn: (text: string) => api.post('/feedback', { content: text, url: window.location.href.slice(0, 2000) }),
    meta: { errorShownInPlace: true },
    onSuccess: () => {
      setContent('');
      toast.success(t('thanks'));
      onClose();
    },
  });

  const trimmed = content.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed);
  };

  const close = () => {
    send.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={t('title')} description={t('description')}>
      <form noValidate onSubmit={submit} className="space-y-3" aria-busy={send.isPending}>
        <TextAreaField
          label={t('label')}
          placeholder={t('placeholder')}
          value={content}
          maxLength={FEEDBACK_MAX}
          rows={6}
          onChange={(e) => setContent(e.target.value.slice(0, FEEDBACK_MAX))}
          hint={<span aria-live="polite">{t('counter', { length: content.length, max: FEEDBACK_MAX })}</span>}
        />
        {send.isError && (
          <Alert variant="error">{errorMessage(errorText(send.error, AUTH_MESSAGES.feedbackFailed))}</Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed || send.isPending}>
            {send.isPending ? t('submitting') : t('submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
