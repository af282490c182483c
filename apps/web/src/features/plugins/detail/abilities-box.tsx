import { abilitiesSentence, type PluginAbilities } from '@bm/core';
import { PLUGIN_DETAIL_TEXT as T } from '../constants';

/** What the live version's DLLs can do, in plain words: 'This plugin can: use the network (api.example.com), ...'. */
export function AbilitiesBox({ abilities }: { abilities: PluginAbilities }) {
  const sentence = abilitiesSentence(abilities);
  return (
    <section
      aria-labelledby="plugin-abilities"
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
      data-testid="plugin-abilities"
    >
      <h2 id="plugin-abilities" className="mb-2 font-semibold text-white">
        {T.abilitiesTitle}
      </h2>
      <p className="break-words text-sm text-slate-100">{sentence ?? T.noAbilities}</p>
      <p className="mt-2 text-xs text-slate-400">{T.abilitiesNote}</p>
    </section>
  );
}
