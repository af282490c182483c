import { abilitiesSentence } from '@bm/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import D from '../../../locales/en/pluginDetail';
import { AbilitiesBox } from './abilities-box';

describe('what the plugin can do', () => {
  it('says it plainly, with the hosts after the network', () => {
    render(<AbilitiesBox abilities={{ capabilities: ['network', 'launch'], hosts: ['api.example.com'] }} />);
    expect(screen.getByRole('region', { name: D.abilities.title })).toHaveTextContent(
      'This plugin can: use the network (api.example.com), launch other programs.',
    );
  });

  it('says when none of the abilities looked for was found', () => {
    render(<AbilitiesBox abilities={{ capabilities: [], hosts: [] }} />);
    expect(screen.getByText(D.abilities.none)).toBeInTheDocument();
  });
});

describe('what the plugin can do, in English', () => {
  it.each([
    { capabilities: ['packed', 'crypto'], hosts: [] },
    { capabilities: ['network', 'registry'], hosts: ['a.io', 'b.io', 'c.io', 'd.io', 'e.io'] },
    { capabilities: ['network', 'inputHooks', 'dynamicCode', 'processMemory'], hosts: ['a.io', 'b.io', 'c.io'] },
  ] as const)('reads as core words it (%j)', (a) => {
    const abilities = { capabilities: [...a.capabilities], hosts: [...a.hosts] };
    render(<AbilitiesBox abilities={abilities} />);
    expect(screen.getByTestId('plugin-abilities')).toHaveTextContent(abilitiesSentence(abilities)!);
  });
});
