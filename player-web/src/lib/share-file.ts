/** Saves a generated image: the browser's download of a blob under `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob after click() returns; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ShareOutcome = 'shared' | 'downloaded' | 'cancelled';

/**
 * Shares a PNG through the Web Share API where the browser can share files (phones, some desktops) and
 * downloads it otherwise. A share sheet the player dismisses is a cancel, not an error.
 */
export async function shareOrDownloadPng(
  blob: Blob,
  fileName: string,
  text: { title: string; text: string },
): Promise<ShareOutcome> {
  const file = new File([blob], fileName, { type: 'image/png' });
  const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
  if (typeof nav.share === 'function' && nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({ files: [file], title: text.title, text: text.text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and friends: fall back to the download below.
    }
  }
  downloadBlob(blob, fileName);
  return 'downloaded';
}

export type TextShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares text through the Web Share API where offered (phones), else copies it to the clipboard. A share sheet
 * the player dismisses is a cancel, not an error.
 */
export async function shareOrCopyText(text: string, title: string): Promise<TextShareOutcome> {
  const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
  if (typeof nav.share === 'function' && (nav.canShare?.({ text }) ?? true)) {
    try {
      await nav.share({ title, text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and friends: copy instead.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
