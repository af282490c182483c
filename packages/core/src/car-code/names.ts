/**
 * Display names for car code slots, paints and bodies.
 *
 * Slots and paints follow the EQUIPSLOT and ITEMPAINT enums of
 * bakkesmodorg/BakkesModLoadoutLib (BakkesModLoadoutLib/BakkesModLoadoutLib.cpp).
 * Body names follow the `carNames` table in Bakkes/CPPRP
 * (loadoutextractor/main.cpp), restricted to entries that agree with
 * Longi94/rl-loadout-lib (src/utils/ids.ts) where both list an id.
 */
import type { CarLoadout, TeamLoadout } from './types.js';

export const SLOT_NAMES: Readonly<Record<number, string>> = Object.freeze({
  0: 'Body',
  1: 'Decal',
  2: 'Wheels',
  3: 'Rocket Boost',
  4: 'Antenna',
  5: 'Topper',
  7: 'Paint Finish',
  12: 'Secondary Finish',
  13: 'Engine Audio',
  14: 'Trail',
  15: 'Goal Explosion',
  18: 'Player Anthem',
});

export const PAINT_NAMES: Readonly<Record<number, string>> = Object.freeze({
  1: 'Crimson',
  2: 'Lime',
  3: 'Black',
  4: 'Sky Blue',
  5: 'Cobalt',
  6: 'Burnt Sienna',
  7: 'Forest Green',
  8: 'Purple',
  9: 'Pink',
  10: 'Orange',
  11: 'Grey',
  12: 'Titanium White',
  13: 'Saffron',
  14: 'Gold',
  15: 'Rose Gold',
  16: 'White Gold',
  17: 'Onyx',
  18: 'Platinum',
});

export const BODY_NAMES: Readonly<Record<number, string>> = Object.freeze({
  21: 'Backfire',
  22: 'Breakout',
  23: 'Octane',
  24: 'Paladin',
  25: 'Roadhog',
  26: 'Gizmo',
  27: 'Sweet Tooth',
  28: 'X-Devil',
  29: 'Hotshot',
  30: 'Merc',
  31: 'Venom',
  402: 'Takumi',
  403: 'Dominus',
  404: 'Scarab',
  523: 'Zippy',
  597: 'Delorean',
  600: 'Ripper',
  607: 'Grog',
  625: 'Armadillo',
  723: 'Hogsticker',
  803: "'16 Batmobile",
  1018: 'Dominus GT',
  1159: 'X-Devil Mk2',
  1171: 'Masamune',
  1172: 'Marauder',
  1286: 'Aftershock',
  1295: 'Takumi RX-T',
  1300: 'Roadhog XL',
  1317: 'Esper',
  1416: 'Breakout Type-S',
  1475: 'Proteus',
  1478: 'Triton',
  1533: 'Vulcan',
  1568: 'Octane ZSR',
  1603: 'Twinmill III',
  1623: 'Bone Shaker',
  1624: 'Endo',
  1675: 'Ice Charger',
  1691: 'Mantis',
  1856: 'Jager 619',
  1883: 'Imperator DT5',
  1919: 'Centio V17',
  1932: 'Animus GP',
  2070: 'Werewolf',
  2268: 'Dodge Charger R/T',
  2269: 'Skyline GT-R',
  2298: "Samus' Gunship",
  2313: 'Mario NSR',
  2665: 'TDK Tumbler',
  2666: "'89 Batmobile",
  2853: 'Twinzer',
  2919: 'Jurassic Jeep Wrangler',
  3031: 'Cyclone',
  3155: 'Maverick',
  3156: 'Maverick G1',
  3157: 'Maverick GXT',
  3265: 'McLaren 570S',
  3426: 'Diestro',
  3451: 'Nimbus',
  3614: 'Artemis',
  3875: 'Guardian GXT',
  3879: 'Guardian',
  3880: 'Guardian G1',
});

export const BODY_SLOT = 0;

function lookup(table: Readonly<Record<number, string>>, id: number): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, id) ? table[id] : undefined;
}

/** 'Body', 'Wheels', … or 'Slot N' for slots the reference does not name. */
export function slotName(slot: number): string {
  return lookup(SLOT_NAMES, slot) ?? `Slot ${slot}`;
}

/** Paint name, `null` for no paint (null or 0), 'Paint N' for ids the reference does not name. */
export function paintName(paintId: number | null | undefined): string | null {
  if (paintId === null || paintId === undefined || paintId === 0) return null;
  return lookup(PAINT_NAMES, paintId) ?? `Paint ${paintId}`;
}

/** Body name, or 'Body #id' when the id is not in the table. */
export function bodyName(productId: number): string {
  return lookup(BODY_NAMES, productId) ?? `Body #${productId}`;
}

function describeTeamBody(team: TeamLoadout): string {
  const body = team.items.find((item) => item.slot === BODY_SLOT);
  if (!body) return 'No body';
  const paint = paintName(body.paintId);
  const name = bodyName(body.productId);
  return paint ? `${paint} ${name}` : name;
}

/**
 * Short description of the car body, e.g. 'Octane', 'Titanium White Octane',
 * or 'Octane / Crimson Dominus' (blue / orange) when the teams differ.
 * 'No body' when the code leaves the body slot out.
 */
export function describeBody(loadout: CarLoadout): string {
  const blue = describeTeamBody(loadout.blue);
  if (loadout.blueIsOrange) return blue;
  const orange = describeTeamBody(loadout.orange);
  return blue === orange ? blue : `${blue} / ${orange}`;
}
