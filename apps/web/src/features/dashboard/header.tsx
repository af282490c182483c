import { useState } from 'react';
import { Button, ButtonLink } from '../../components/ui';
import { CreatePluginDialog } from '../plugins';
import { useDashboardT } from './dashboard-text';

/** The dashboard's header actions: the create-plugin modal and the car upload page. */
export function DashboardHeaderActions() {
  const t = useDashboardT();
  const [creating, setCreating] = useState(false);
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button onClick={() => setCreating(true)}>{t('createPlugin')}</Button>
      <ButtonLink to="/cars/upload" variant="outline">
        {t('uploadCar')}
      </ButtonLink>
      <CreatePluginDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
