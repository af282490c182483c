import { useNavigate } from 'react-router';
import { Card } from '../../../components/ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { CREATE_PLUGIN_TEXT as T } from './constants';
import { CreatePluginForm } from './create-plugin-form';

/** /plugins/new (signed in): the same form as a page. */
export function PluginCreatePage() {
  useDocumentTitle(T.title);
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold text-white">{T.title}</h1>
      <p className="mb-6 mt-1 text-slate-400">{T.intro}</p>
      <Card>
        <CreatePluginForm onCancel={() => void navigate('/dashboard')} />
      </Card>
    </div>
  );
}
