import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, TextAreaField } from '../../components/ui';
import { api, errorText } from '../../lib/api';
import { toast } from '../../lib/toast';
import { FEEDBACK_MAX, FEEDBACK_TEXT } from './constants';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [content, setContent] = useState('');
  const send = useMutation({
    // The server keeps at most 2000 characters of the page address.
    mutationFn: (text: string) => api.post('/feedback', { content: text, url: window.location.href.slice(0, 2000) }),
    meta: { errorShownInPlace: true },
    onSuccess: () => {
      setContent('');
      toast.success(FEEDBACK_TEXT.thanks);
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
    <Dialog open={open} onClose={close} title={FEEDBACK_TEXT.title} description={FEEDBACK_TEXT.description}>
      <form noValidate onSubmit={submit} className="space-y-3" aria-busy={send.isPending}>
        <TextAreaField
          label={FEEDBACK_TEXT.label}
          placeholder={FEEDBACK_TEXT.placeholder}
          value={content}
          maxLength={FEEDBACK_MAX}
          rows={6}
          onChange={(e) => setContent(e.target.value.slice(0, FEEDBACK_MAX))}
          hint={<span aria-live="polite">{FEEDBACK_TEXT.counter(content.length)}</span>}
        />
        {send.isError && <Alert variant="error">{errorText(send.error, FEEDBACK_TEXT.failed)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            {FEEDBACK_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={!trimmed || send.isPending}>
            {send.isPending ? FEEDBACK_TEXT.submitting : FEEDBACK_TEXT.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
