/**
 * The English catalogue's namespaces, as types only: each namespace's texts are imported by the code
 * that shows them (lib/i18n `namespace`), never all at once. Add a namespace here when you add its file.
 */
import type auth from './auth';
import type common from './common';
import type home from './home';
import type legal from './legal';
import type pluginCreate from './pluginCreate';
import type pluginDetail from './pluginDetail';
import type pluginManage from './pluginManage';
import type plugins from './plugins';
import type settings from './settings';
import type shell from './shell';

export interface NamespaceResources {
  auth: typeof auth;
  common: typeof common;
  home: typeof home;
  legal: typeof legal;
  pluginCreate: typeof pluginCreate;
  pluginDetail: typeof pluginDetail;
  pluginManage: typeof pluginManage;
  plugins: typeof plugins;
  settings: typeof settings;
  shell: typeof shell;
}
export type Namespace = keyof NamespaceResources;
