// The app's single API client, bound to the session store.
import { authStore } from '../auth/index.js';
import { ApiClient } from './client.js';

export const api = new ApiClient({ auth: authStore });

export { ApiClient, DEFAULT_TIMEOUT_MS, CSRF_HEADER } from './client.js';
export type { AuthMode, CallOptions, RequestOptions, QueryParams } from './client.js';
export { ApiError, isApiError, GENERIC_MESSAGES, CLIENT_CODES, timeoutMessage } from './errors.js';
export { SERVER_CODE_MESSAGES, friendlyMessage, flaggedFields, isServerErrorCode } from './messages.js';
export type { ServerErrorCode } from './messages.js';
export type { RequestMetric, MetricsSummary } from './metrics.js';
