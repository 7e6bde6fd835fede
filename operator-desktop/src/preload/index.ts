/**
 * The sandboxed preload: exposes exactly the operations of OperatorBridge as `window.operator`.
 * No ipcRenderer, no generic invoke, no Node: the renderer can ask for the contract's operations and nothing else,
 * and the main process validates every argument again.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { bridgeOver } from '../ipc/channels';
import type { OperatorBridge } from '../ipc/contract';

contextBridge.exposeInMainWorld(
  'operator',
  bridgeOver<OperatorBridge>((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);
