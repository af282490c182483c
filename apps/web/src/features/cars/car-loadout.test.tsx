import { decodeCarCode } from '@bm/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CarLoadoutView, itemName } from './car-loadout';
import T from '../../locales/en/cars';

const LIB_V3_SAMPLE = 'AwtFClyAjKh6BghADgD5Y/0HXv7//z8KXIBBOGUZoQEVyEVmWSfhtgEAACg=';

describe('car loadout names', () => {
  it('names bodies and every other item by its product id, per team', async () => {
    const decoded = decodeCarCode(LIB_V3_SAMPLE);
    if (!decoded.ok) throw new Error(decoded.message);
    render(<CarLoadoutView loadout={decoded.loadout} />);
    const blue = within(screen.getByRole('region', { name: T.loadout.blueTeam }));
    expect(await blue.findByText('Bionic')).toBeInTheDocument();
    expect(blue.getByText('Octane')).toBeInTheDocument();
    expect(blue.getByText('(Alpha Reward) Gold Rush')).toBeInTheDocument();
    expect(blue.getByText('Heart')).toBeInTheDocument();
    const orange = within(screen.getByRole('region', { name: T.loadout.orangeTeam }));
    expect(orange.getByText('Mainframe')).toBeInTheDocument();
    expect(orange.getByText('Birthday Bash')).toBeInTheDocument();
    expect(screen.queryByText(/^Item #/)).not.toBeInTheDocument();
  });

  it('falls back to Item #id for an unknown product or before the names load', () => {
    expect(itemName(2, 999_999, { 376: 'OEM' })).toBe(T.loadout.product.replace('{id}', '999999'));
    expect(itemName(2, 376, null)).toBe(T.loadout.product.replace('{id}', '376'));
    expect(itemName(2, 376, { 376: 'OEM' })).toBe('OEM');
    expect(itemName(0, 23, null)).toBe('Octane');
  });
});
