import type { Locale } from '@kaixiang/shared/locale';
import { pick } from '../site/site.service.ts';

/** What answers show of a catalogue item: its names, picture and quality. */
export interface ItemInfo {
  names: { zhCn: string; zhTw: string; en: string };
  image: string;
  quality: number;
}

/** An item's name (in the viewer's language), picture and quality as answers show them; blanks when unknown. */
export function itemFacts(item: ItemInfo | undefined, locale: Locale): { name: string; img: string; quality: number } {
  return { name: item ? pick(item.names, locale) : '', img: item?.image ?? '', quality: item?.quality ?? 0 };
}
