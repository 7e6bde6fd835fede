import type { ExportTarget } from '@daily-tea/shared/ui/export-target';
import type { OperatorBridge } from '../../ipc/contract';

/**
 * Exports in the desktop console: a marketing PNG's bytes go over the bridge and the main process writes them
 * into the chosen folder (never overwriting); a responses export's download link goes over the bridge and
 * Electron downloads it into that folder, streamed to disk. Failures surface as thrown errors so the generator's
 * "Export failed" toast shows the main process's reason.
 */
export function diskExportTarget(bridge: OperatorBridge): ExportTarget {
  return {
    kind: 'disk',
    async save(fileName, png) {
      const bytes = new Uint8Array(await png.arrayBuffer());
      const result = await bridge.savePng(fileName, bytes);
      if (!result.ok) throw new Error(result.message);
      return { message: `Saved to ${result.data.path}`, savedTo: result.data.path };
    },
    async download(fileName, url) {
      const result = await bridge.downloadExport(fileName, url);
      if (!result.ok) throw new Error(result.message);
      return { message: `Saved to ${result.data.path}`, savedTo: result.data.path };
    },
    async reveal(savedTo) {
      const result = await bridge.showInFolder(savedTo);
      if (!result.ok) throw new Error(result.message);
    },
  };
}
