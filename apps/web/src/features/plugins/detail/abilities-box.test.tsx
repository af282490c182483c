import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLUGIN_DETAIL_TEXT as T } from '../constants';
import { AbilitiesBox } from './abilities-box';

describe('what the plugin can do', () => {
  it('says it plainly, with the hosts after the network', () => {
    render(<AbilitiesBox abilities={{ capabilities: ['network', 'launch'], hosts: ['api.example.com'] }} />);
    expect(screen.getByRole('region', { name: T.abilitiesTitle })).toHaveTextContent(
      'This plugin can: use the network (api.example.com), launch other programs.',
    );
  });

  it('says when none of the abilities looked for was found', () => {
    render(<AbilitiesBox abilities={{ capabilities: [], hosts: [] }} />);
    expect(screen.getByText(T.noAbilities)).toBeInTheDocument();
  });
});
