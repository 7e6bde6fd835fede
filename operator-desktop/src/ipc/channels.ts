/**
 * The IPC channel of each operation of the contract (contract.ts `IPC_OPERATIONS`, which must name the same
 * operations), free of zod so the sandboxed preload bundle stays tiny.
 */
export const IPC_CHANNELS = {
  getSettings: 'settings:get',
  setApiBaseUrl: 'settings:set-api-base-url',
  chooseExportFolder: 'export:choose-folder',
  savePng: 'export:save-png',
  showInFolder: 'export:show-in-folder',
  downloadExport: 'export:download',
  checkConnection: 'settings:check-connection',
} as const;

/**
 * The renderer's bridge over `invoke`: one function per operation, sending its arguments on the operation's
 * channel — nothing generic is exposed (the preload hands this to contextBridge).
 */
export function bridgeOver<Bridge>(
  invoke: (channel: string, ...args: unknown[]) => Promise<unknown>,
): Bridge {
  return Object.fromEntries(
    Object.entries(IPC_CHANNELS).map(([name, channel]) => [
      name,
      (...args: unknown[]) => invoke(channel, ...args),
    ]),
  ) as Bridge;
}
