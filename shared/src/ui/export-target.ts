/**
 * Where an exported PNG goes. The web app downloads it through the browser; the desktop console
 * implements `kind: 'disk'` over IPC so the main process writes it into the chosen folder
 * (DESIGN §6) and can reveal it afterwards.
 */
export type ExportResult = { message: string; savedTo?: string };

export type ExportTarget = {
  kind: 'download' | 'disk';
  save(fileName: string, png: Blob): Promise<ExportResult>;
  /** Shows a saved file in the system file manager ("Show in folder"). */
  reveal?(savedTo: string): Promise<void>;
};

export const DOWNLOAD_MESSAGE = 'Your marketing material has been downloaded.';

// Revoking the object URL in the same task as the click can cancel the download in some browsers.
const REVOKE_DELAY_MS = 30_000;

export const browserDownloadTarget: ExportTarget = {
  kind: 'download',
  async save(fileName, png) {
    const url = URL.createObjectURL(png);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    try {
      link.click();
    } finally {
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
    }
    return { message: DOWNLOAD_MESSAGE };
  },
};
