export type TextShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares a message with a link through the Web Share API where the browser has it (phones), else copies it to the
 * clipboard. A share sheet the player dismisses is a cancel, not an error.
 */
export async function shareText(text: string, url: string): Promise<TextShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text, url });
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  return copyText(`${text} ${url}`);
}

/** Copies to the clipboard; 'failed' where the browser refuses (no permission, an insecure origin). */
export async function copyText(text: string): Promise<'copied' | 'failed'> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
