// Straight from its module, not the feature's index, so the plugin pages stay in their lazy chunk.
import { useOwnPluginBuildToasts } from '../../features/plugins/manage/build-toasts';
import { ImpersonationBanner } from './impersonation-banner';

/**
 * What the shell runs only for a signed-in member: the build toasts of their own plugins and the
 * impersonation banner. Its own chunk, loaded once a session is held, so a visitor's first page
 * carries neither (nor the plugin manage API and upload code the toasts use).
 */
export function MemberParts() {
  useOwnPluginBuildToasts();
  return <ImpersonationBanner />;
}
