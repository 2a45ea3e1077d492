import type Router from '@koa/router';
import type { BffDeps } from '../deps.js';
import { healthRoutes } from './health.js';
import { authRoutes } from './auth.js';
import { oidcRoutes } from './oidc.js';
import { emailVerificationRoutes } from './email-verification.js';
import { csrfGuard, csrfRoutes } from './csrf.js';
import { canvasRoutes } from './canvas.js';
import { pixelRoutes } from './pixels.js';
import { pixelInfoRoutes } from './pixel-info.js';
import { accountRoutes } from './account.js';
import { compositeRoutes } from './composite.js';
import { eventRoutes } from './events.js';
import { boardRoutes } from './boards.js';
import { paymentRoutes } from './payments.js';
import { purchaseRoutes } from './purchases.js';
import { artistSelectionRoutes } from './artist-selection.js';
import { artistUploadRoutes } from './artist-uploads.js';
import { accountOrderRoutes } from './account-orders.js';
import { galleryRoutes } from './gallery.js';

/** A group of routes: `(router, deps) => router.get(...)`. */
export type RouteModule = (router: Router, deps: BffDeps) => void;

/** Every route module of the BFF, registered in this order by createApp. */
// csrfGuard stays first: its check of POST/PUT/PATCH/DELETE must run before every later module's handlers.
export const ROUTE_MODULES: RouteModule[] = [
  csrfGuard,
  healthRoutes,
  csrfRoutes,
  authRoutes,
  oidcRoutes,
  emailVerificationRoutes,
  accountRoutes,
  canvasRoutes,
  pixelRoutes,
  pixelInfoRoutes,
  compositeRoutes,
  boardRoutes,
  eventRoutes,
  paymentRoutes,
  purchaseRoutes,
  artistSelectionRoutes,
  artistUploadRoutes,
  accountOrderRoutes,
  galleryRoutes,
];
