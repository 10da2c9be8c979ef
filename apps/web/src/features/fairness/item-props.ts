import { isQuality, isWearGrade, type Quality, type WearGrade } from '@kaixiang/shared/items';

/** Quality from the API as the shared type; an unknown tier shows as the plainest one. */
export function qualityOf(value: number): Quality {
  return isQuality(value) ? value : 0;
}

export function wearOf(value: number): WearGrade | undefined {
  return isWearGrade(value) ? value : undefined;
}
