import type { Bridge } from '../../shared/contract';

declare global {
  interface Window {
    /** Present only inside the desktop app, exposed by the preload. */
    toe?: Bridge;
  }
}

export {};
