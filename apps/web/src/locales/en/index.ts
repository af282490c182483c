/**
 * The English catalogue's namespaces, as types only: each namespace's texts are imported by the code
 * that shows them (lib/i18n `namespace`), never all at once. Add a namespace here when you add its file.
 */
import type admin from './admin';
import type auth from './auth';
import type cars from './cars';
import type comingSoon from './comingSoon';
import type collections from './collections';
import type common from './common';
import type dashboard from './dashboard';
import type feedback from './feedback';
import type home from './home';
import type inbox from './inbox';
import type legal from './legal';
import type members from './members';
import type moderation from './moderation';
import type pluginCreate from './pluginCreate';
import type pluginDetail from './pluginDetail';
import type pluginManage from './pluginManage';
import type plugins from './plugins';
import type report from './report';
import type settings from './settings';
import type shell from './shell';

export interface NamespaceResources {
  admin: typeof admin;
  auth: typeof auth;
  cars: typeof cars;
  comingSoon: typeof comingSoon;
  collections: typeof collections;
  common: typeof common;
  dashboard: typeof dashboard;
  feedback: typeof feedback;
  home: typeof home;
  inbox: typeof inbox;
  legal: typeof legal;
  members: typeof members;
  moderation: typeof moderation;
  pluginCreate: typeof pluginCreate;
  pluginDetail: typeof pluginDetail;
  pluginManage: typeof pluginManage;
  plugins: typeof plugins;
  report: typeof report;
  settings: typeof settings;
  shell: typeof shell;
}
export type Namespace = keyof NamespaceResources;
