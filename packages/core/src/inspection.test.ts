import { describe, expect, it } from 'vitest';
import { abilitiesSentence, flagText, INSPECTION_MESSAGES } from './inspection.js';

describe('inspection texts', () => {
  it('summarises abilities for players, at most three hosts then how many more', () => {
    expect(abilitiesSentence({ capabilities: [], hosts: ['a.com'] })).toBeNull();
    expect(abilitiesSentence({ capabilities: ['network', 'processMemory'], hosts: ['api.example.com'] })).toBe(
      "This plugin can: use the network (api.example.com), read or write other programs' memory.",
    );
    expect(abilitiesSentence({ capabilities: ['network'], hosts: ['a.com', 'b.com', 'c.com', 'd.com', 'e.com'] })).toBe(
      'This plugin can: use the network (a.com, b.com, c.com, +2 more).',
    );
    expect(abilitiesSentence({ capabilities: ['registry'], hosts: [] })).toBe(
      'This plugin can: read or change the Windows registry.',
    );
  });

  it('names the flags to acknowledge', () => {
    const flags = [
      { kind: 'risky' as const, value: 'launch' },
      { kind: 'newCapability' as const, value: 'network' },
      { kind: 'newHost' as const, value: 'cdn.example.net' },
    ];
    expect(flags.map(flagText)).toEqual(['launching programs', 'new: network', 'new host cdn.example.net']);
    expect(INSPECTION_MESSAGES.acknowledge(flags)).toBe(
      'Approving this binary needs acknowledgeFlags: true for: launching programs; new: network; new host cdn.example.net',
    );
  });
});
