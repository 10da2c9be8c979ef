import { toast } from './toast.ts';

/**
 * Copies `text` and says whether it worked: the clipboard can be refused (no permission, an
 * insecure origin, an old browser), so each outcome gets its own message in the player's language.
 */
export async function copyWithToast(text: string, messages: { ok: string; failed: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.ok);
    return true;
  } catch {
    toast.error(messages.failed);
    return false;
  }
}
