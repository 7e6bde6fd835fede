import type { OperatorBridge } from '../../ipc/contract';

declare global {
  interface Window {
    /** Exposed by the sandboxed preload (src/preload/index.ts); a recording fake in browser tests. */
    operator: OperatorBridge;
  }
}
