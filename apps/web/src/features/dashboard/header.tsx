import { useState } from 'react';
import { Button, ButtonLink } from '../../components/ui';
import { CreatePluginDialog } from '../plugins';

export const DASHBOARD_HEADER_TEXT = {
  createPlugin: 'Create Plugin',
  uploadCar: 'Upload Car',
} as const;

/** The dashboard's header actions: the create-plugin modal and the car upload page. */
export function DashboardHeaderActions() {
  const [creating, setCreating] = useState(false);
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button onClick={() => setCreating(true)}>{DASHBOARD_HEADER_TEXT.createPlugin}</Button>
      <ButtonLink to="/cars/upload" variant="outline">
        {DASHBOARD_HEADER_TEXT.uploadCar}
      </ButtonLink>
      <CreatePluginDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
