/**
 * Where an exported file goes. The web app downloads it through the browser; the desktop console
 * implements `kind: 'disk'` over IPC so the main process writes it into the chosen folder
 * (product.md#operators) and can reveal it afterwards. `save` takes a PNG made in the page (marketing);
 * `download` a file the server streams at a short-lived link (the responses export), which goes
 * straight to disk without passing through the page's memory.
 */
export type ExportResult = { message: string; savedTo?: string };

export type ExportTarget = {
  kind: 'download' | 'disk';
  save(fileName: string, png: Blob): Promise<ExportResult>;
  /** Saves the file at `url` (a download link valid for a minute) as `fileName`, streamed by the browser or app. */
  download(fileName: string, url: string): Promise<ExportResult>;
  /** Shows a saved file in the system file manager ("Show in folder"). */
  reveal?(savedTo: string): Promise<void>;
};

export const DOWNLOAD_MESSAGE = 'Your marketing material has been downloaded.';

// Revoking the object URL in the same task as the click can cancel the download in some browsers.
const REVOKE_DELAY_MS = 30_000;

/** A click on a hidden `<a download>`: the browser's own download, streamed to disk as it arrives. */
function clickDownloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

export const browserDownloadTarget: ExportTarget = {
  kind: 'download',
  async save(fileName, png) {
    const url = URL.createObjectURL(png);
    try {
      clickDownloadLink(url, fileName);
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
    }
    return { message: DOWNLOAD_MESSAGE };
  },
  async download(fileName, url) {
    clickDownloadLink(url, fileName);
    return { message: `${fileName} is being saved to your downloads.` };
  },
};
