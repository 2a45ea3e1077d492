/** `@tessera/embedded/testing`: what a service's test harness stands on (tests only). */
export { openTestStores, type TestStores } from './stores.js';
