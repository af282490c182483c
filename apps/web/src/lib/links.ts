/** Where players get BakkesMod, the mod tool the plugins run in (the external 'Get BakkesMod' link of the lists and the home page). */
export const BAKKESMOD_URL = 'https://bakkesmod.com/';
