/**
 * The sandboxed preload: exposes exactly the operations of OperatorBridge as `window.operator`.
 * No ipcRenderer, no generic invoke, no Node: the renderer can ask for these seven things and nothing else,
 * and the main process validates every argument again.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS } from '../ipc/channels';
import type { OperatorBridge } from '../ipc/contract';

const bridge: OperatorBridge = {
  getSettings: () => ipcRenderer.invoke(IPC_CHANNELS.getSettings),
  setApiBaseUrl: (url) => ipcRenderer.invoke(IPC_CHANNELS.setApiBaseUrl, url),
  chooseExportFolder: () => ipcRenderer.invoke(IPC_CHANNELS.chooseExportFolder),
  savePng: (fileName, bytes) => ipcRenderer.invoke(IPC_CHANNELS.savePng, fileName, bytes),
  showInFolder: (path) => ipcRenderer.invoke(IPC_CHANNELS.showInFolder, path),
  downloadExport: (fileName, url) => ipcRenderer.invoke(IPC_CHANNELS.downloadExport, fileName, url),
  checkConnection: (apiBaseUrl) => ipcRenderer.invoke(IPC_CHANNELS.checkConnection, apiBaseUrl),
};

contextBridge.exposeInMainWorld('operator', bridge);
