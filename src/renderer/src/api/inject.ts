import { inject, type InjectionKey } from 'vue';
import type { ApiClient } from './client';

export const apiKey: InjectionKey<ApiClient> = Symbol('api');

/** The API client the app was mounted with (see main.ts). */
export function useApi(): ApiClient {
  const api = inject(apiKey);
  if (!api) throw new Error('No API client provided: mount the app through main.ts.');
  return api;
}
