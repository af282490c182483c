import type { Plugin } from '@bm/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Dialog } from '../../../components/ui';
import { toast } from '../../../lib/toast';
import { managePluginApi, myPluginKeys } from './api';
import { ManageSection } from './section';
import { usePluginManageT } from './manage-text';

/** Delete, after a 'Delete plugin?' confirmation; then back to the dashboard. */
export function DangerZone({ plugin }: { plugin: Plugin }) {
  const t = usePluginManageT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await managePluginApi.remove(plugin.id);
      client.removeQueries({ queryKey: myPluginKeys.one(plugin.id) });
      void client.invalidateQueries({ queryKey: ['plugins'] });
      toast.success(t('deleted'));
      setOpen(false);
      void navigate('/dashboard');
    } catch {
      setBusy(false);
      setError(t('deleteFailed'));
      toast.error(t('deleteFailed'));
    }
  };

  return (
    <ManageSection id="danger" title={t('danger')} intro={t('dangerIntro')} className="border-rose-900/60">
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('delete')}
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        title={t('deleteTitle')}
        description={t('deleteBody', { name: plugin.name })}
      >
        {error && (
          <Alert variant="error" className="mb-4">
            {error}
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={busy}>
            {busy ? t('deleting') : t('deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </ManageSection>
  );
}
