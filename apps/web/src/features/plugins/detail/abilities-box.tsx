import { SUMMARY_HOSTS_MAX, type CapabilityId, type PluginAbilities } from '@bm/core';
import { TitledSection } from '../../../components/titled-section';
import { usePluginDetailT } from './detail-text';

/** Each ability in plain words (core's CAPABILITY_PLAIN). */
const PLAIN = {
  network: 'abilities.network',
  launch: 'abilities.launch',
  processMemory: 'abilities.processMemory',
  inputHooks: 'abilities.inputHooks',
  registry: 'abilities.registry',
  dynamicCode: 'abilities.dynamicCode',
  crypto: 'abilities.crypto',
  packed: 'abilities.packed',
} as const satisfies Record<CapabilityId, string>;

/**
 * What the live version's DLLs can do, in plain words (core's abilitiesSentence, in the reader's
 * language): 'This plugin can: use the network (api.example.com), launch other programs.'; null for none.
 */
function useAbilitiesSentence(a: PluginAbilities): string | null {
  const t = usePluginDetailT();
  if (!a.capabilities.length) return null;
  const parts = a.capabilities.map((id) => {
    const ability = t(PLAIN[id]);
    if (id !== 'network' || !a.hosts.length) return ability;
    const more = a.hosts.length - SUMMARY_HOSTS_MAX;
    const hosts = [
      ...a.hosts.slice(0, SUMMARY_HOSTS_MAX),
      ...(more > 0 ? [t('abilities.moreHosts', { number: more })] : []),
    ];
    return t('abilities.withHosts', { ability, hosts: hosts.join(', ') });
  });
  return t('abilities.sentence', { abilities: parts.join(', ') });
}

/** What the live version's DLLs can do, in plain words: 'This plugin can: use the network (api.example.com), ...'. */
export function AbilitiesBox({ abilities }: { abilities: PluginAbilities }) {
  const t = usePluginDetailT();
  const sentence = useAbilitiesSentence(abilities);
  return (
    <TitledSection
      title={t('abilities.title')}
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
      headingClassName="mb-2 font-semibold text-white"
      testId="plugin-abilities"
    >
      <p className="break-words text-sm text-slate-100">{sentence ?? t('abilities.none')}</p>
      <p className="mt-2 text-xs text-slate-400">{t('abilities.note')}</p>
    </TitledSection>
  );
}
