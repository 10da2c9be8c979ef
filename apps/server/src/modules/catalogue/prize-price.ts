import { priceUnits } from '@kaixiang/game/price-table';
import type { Quality, WeaponClass, WearGrade } from '@kaixiang/shared/items';

/**
 * What a catalogue item in one wear grade is worth as a prize the house gives (a mail attachment,
 * a treasure, an official roll room's house item): the price table's, non-StatTrak. The admins'
 * catalogue search shows the same figure, so the picker shows what the prize will be worth.
 */
export function prizePriceUnits(def: { id: number; quality: number; weaponClass: string }, exter: number): number {
  return priceUnits({
    quality: def.quality as Quality,
    weaponClass: def.weaponClass as WeaponClass,
    wearGrade: exter as WearGrade,
    statTrak: false,
    itemId: def.id,
  });
}
