/** Channel names alone, free of zod, so the sandboxed preload bundle stays tiny. */
export const IPC_CHANNELS = {
  getSettings: 'settings:get',
  setApiBaseUrl: 'settings:set-api-base-url',
  chooseExportFolder: 'export:choose-folder',
  savePng: 'export:save-png',
  showInFolder: 'export:show-in-folder',
  downloadExport: 'export:download',
  checkConnection: 'settings:check-connection',
} as const;
