import 'i18next';
import type { NamespaceResources } from './locales/en';

/** Keys and placeholders of `t` are checked against the English catalogue. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: false;
    resources: NamespaceResources;
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}
