import { useNavigate } from 'react-router';
import { Card } from '../../../components/ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { CreatePluginForm } from './create-plugin-form';
import { usePluginCreateT } from './create-text';

/** /plugins/new (signed in): the same form as a page. */
export function PluginCreatePage() {
  const t = usePluginCreateT();
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold text-white">{t('title')}</h1>
      <p className="mb-6 mt-1 text-slate-400">{t('intro')}</p>
      <Card>
        <CreatePluginForm onCancel={() => void navigate('/dashboard')} />
      </Card>
    </div>
  );
}
