// The renderer's entry: pick the transport (preload IPC or HTTP), build the API client on
// it and mount the app. Everything below talks to the client, never to a transport.
import { createApp } from 'vue';
import App from './App.vue';
import { chooseBridge } from './api/choose-bridge';
import { createApiClient } from './api/client';
import { apiKey } from './api/inject';
import { createAppRouter } from './router';
import './styles/theme.css';
import './styles/base.css';

// Before the router starts: the HTTP token must leave the address bar first.
const { bridge, transport } = chooseBridge(window);

createApp(App)
  .provide(apiKey, createApiClient(bridge, transport))
  .use(createAppRouter())
  .mount('#app');
