/**
 * Who may call whom, defined once (brief invariant 8). Every internal RPC carries the calling
 * process's identity; a service answers only the callers this table lists for the method, and the
 * same table decides the Helm chart's NetworkPolicies (a service's ingress admits only the processes
 * that call one of its methods) and the event bus permissions (publish and subscribe per subject).
 * Pure: no I/O, no Node API.
 */
import { SUBJECTS, LOCK_SUBJECTS } from './subjects.js';
import type { ServiceName } from './ports.js';

/** A process that calls services: the BFF, a service, or the operator CLI (`npm run ops`). */
export type CallerName = ServiceName | 'bff' | 'ops';

export const CALLERS: readonly CallerName[] = [
  'bff',
  'identity',
  'canvas',
  'lock',
  'payment',
  'renderer',
  'submission',
  'ops',
];

/**
 * Per service, per RPC method (the proto's method name), the callers allowed. A method missing here
 * is refused for everyone (deny by default). grpc.health.v1 is open to any caller (probes).
 */
export const RPC_CALLERS: Record<ServiceName, Record<string, readonly CallerName[]>> = {
  identity: {
    Register: ['bff'],
    Login: ['bff'],
    Refresh: ['bff'],
    Logout: ['bff'],
    // Returns the e-mail address: only for the BFF's own session calls.
    GetUser: ['bff'],
    // Public profile fields only (id, username, and whether the user appears as anonymous on pixels).
    GetUsers: ['bff', 'submission', 'ops'],
    // The signed-in user's choice to appear as "Anonymous" on the pixels they bought (/account).
    SetPixelPrivacy: ['bff'],
    UpdateUsername: ['bff'],
    RequestPasswordReset: ['bff'],
    ResetPassword: ['bff'],
    SignInWithOidc: ['bff'],
    RedeemExchangeToken: ['bff'],
    GetSigningKeys: ['bff'],
    // The BFF's check of an access token's session (behind the tessera.session.revoked events).
    GetSessionStatus: ['bff'],
    // E-mail verification of the signed-in user (who may vote: facts/eligibility).
    SendEmailVerification: ['bff'],
    ConfirmEmailVerification: ['bff'],
    // Only which of the given ids are verified: the submission service's vote eligibility.
    GetVerifiedUsers: ['submission'],
  },
  canvas: {
    GetActiveCanvas: ['bff', 'renderer', 'submission', 'payment', 'ops'],
    GetCanvas: ['bff', 'renderer', 'submission', 'payment', 'ops'],
    ListCanvases: ['bff', 'ops'],
    GetBoard: ['bff', 'renderer', 'ops'],
    StreamBoards: ['renderer'],
    GetRandomAvailablePixel: ['bff'],
    // Money flows only through payment: reserve, commit and release of orders.
    ReservePixels: ['payment'],
    CommitOrder: ['payment'],
    ReleaseReservation: ['payment'],
    // The next canvas (the iteration hand-over) and the operator's actions.
    CreateCanvas: ['submission', 'ops'],
    ActivateCanvas: ['submission', 'ops'],
    ResetPixel: ['ops'],
    GetUserPixelCount: ['bff', 'submission'],
    // Pixel info, and the signed-in buyer's own pixels outlined.
    GetPixel: ['bff'],
    ListUserPixels: ['bff'],
    GetCanvasHistory: ['bff'],
  },
  lock: {
    AcquireLock: ['bff'],
    ReleaseLock: ['bff'],
    ExtendLock: ['bff'],
    GetLockStatus: ['bff', 'canvas'],
    ListLocks: ['bff'],
    GetUserLock: ['bff'],
    // The canvas checks the buyer's lock when it reserves an order's pixels; payment checks it
    // once more before a card is charged (the lock alone: the board is the commit's to check).
    ValidateLock: ['bff', 'canvas', 'payment'],
  },
  payment: {
    GetPaymentConfig: ['bff'],
    CreatePaymentIntent: ['bff'],
    UpdateIntentAddress: ['bff'],
    GetPaymentIntent: ['bff'],
    ConfirmSandboxPayment: ['bff'],
    AuthenticateSandboxPayment: ['bff'],
    CommitOrder: ['bff'],
    // The provider's webhook arrives at the BFF, which forwards the verified raw body.
    HandleProviderEvent: ['bff'],
    TrackPaymentIntent: ['bff'],
    RecordPixelPurchase: ['bff'],
    GetLedger: ['bff', 'ops'],
    // A buyer's own paid orders (My pixels): the BFF asks for the signed-in user only.
    ListOrdersForUser: ['bff'],
  },
  renderer: {
    RenderComposite: ['bff'],
    RenderBoardThumbnail: ['bff'],
    RasterizeArtwork: ['submission', 'ops'],
  },
  submission: {
    ListSubmissions: ['bff', 'ops'],
    GetUserSubmission: ['bff'],
    CreateSubmission: ['bff'],
    DeleteSubmission: ['bff', 'ops'],
    Vote: ['bff'],
    CreateUploadUrl: ['bff'],
    StoreUpload: ['bff'],
    GetImage: ['bff', 'renderer', 'ops'],
    GetWinningSubmission: ['ops'],
    PromoteSubmission: ['ops'],
    RemoveSubmission: ['ops'],
  },
};

/** The processes that call at least one method of `service` (its NetworkPolicy ingress). */
export function callersOf(service: ServiceName): CallerName[] {
  const set = new Set<CallerName>();
  for (const callers of Object.values(RPC_CALLERS[service])) for (const c of callers) set.add(c);
  return CALLERS.filter((c) => set.has(c));
}

/** True when `caller` may call `method` of `service`. */
export function mayCall(caller: string, service: ServiceName, method: string): boolean {
  const callers = RPC_CALLERS[service]?.[method];
  return callers !== undefined && (callers as readonly string[]).includes(caller);
}

/**
 * Event bus permissions per process: the subjects (NATS wildcards allowed) it may publish and
 * subscribe to. The embedded broker and the NATS user permissions both follow this table.
 */
export const EVENT_PERMISSIONS: Record<ServiceName | 'bff', { publish: string[]; subscribe: string[] }> = {
  // identity mails the buyer a receipt per paid order and a notice per refund
  identity: {
    publish: [SUBJECTS.sessionRevoked],
    subscribe: [SUBJECTS.paymentSucceeded, SUBJECTS.paymentRefunded],
  },
  canvas: {
    publish: [
      SUBJECTS.pixelsCommitted,
      SUBJECTS.pixelsReset,
      SUBJECTS.canvasSoldOut,
      SUBJECTS.canvasActivated,
    ],
    subscribe: [],
  },
  lock: { publish: [LOCK_SUBJECTS], subscribe: [] },
  payment: { publish: [SUBJECTS.paymentSucceeded, SUBJECTS.paymentRefunded], subscribe: [] },
  renderer: {
    publish: [],
    subscribe: [SUBJECTS.pixelsCommitted, SUBJECTS.pixelsReset, SUBJECTS.canvasActivated],
  },
  submission: {
    publish: [SUBJECTS.submissionCreated, SUBJECTS.submissionDeleted, SUBJECTS.submissionVoted],
    subscribe: [SUBJECTS.pixelsCommitted, SUBJECTS.canvasSoldOut, SUBJECTS.canvasActivated],
  },
  bff: {
    publish: [],
    subscribe: [
      SUBJECTS.pixelsCommitted,
      SUBJECTS.pixelsReset,
      LOCK_SUBJECTS,
      SUBJECTS.canvasActivated,
      SUBJECTS.canvasSoldOut,
      SUBJECTS.submissionCreated,
      SUBJECTS.submissionDeleted,
      SUBJECTS.submissionVoted,
      SUBJECTS.sessionRevoked,
    ],
  },
};
