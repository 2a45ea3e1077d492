import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageTitle } from '../app/site.js';
import { DEFAULT_CANVAS_MANIFEST } from '../features/canvas/active-canvas.js';
import { activeCanvasQueryOptions } from '../features/canvas/queries.js';
import { BoardEditorPage } from '../features/editor/BoardEditorPage.js';
import { EditorLoadError, EditorPending } from '../features/editor/EditorScreens.js';
import { boardPixelsQueryOptions } from '../features/editor/queries.js';
import { parseBoardIndex, validateEditorSearch } from '../lib/search-params.js';

// The board editor: sign-in required. An invalid board index becomes 0 and the URL is corrected.
export const Route = createFileRoute('/canvas/art/$boardIndex')({
  params: {
    parse: (raw) => ({ boardIndex: parseBoardIndex(raw.boardIndex) }),
    stringify: (params) => ({ boardIndex: String(params.boardIndex) }),
  },
  validateSearch: validateEditorSearch,
  staticData: { fullScreen: true },
  beforeLoad: async ({ context, location, params, search }) => {
    if (!context.auth.isSignedIn()) throw redirect({ to: '/login' });
    if (location.pathname !== `/canvas/art/${params.boardIndex}`) {
      throw redirect({ to: '/canvas/art/$boardIndex', params, search, replace: true });
    }
    // After a reload only the user record is left: renew the access token from the refresh cookie.
    // A refused cookie ends the session; an unanswered renewal leaves it to the editor's own calls.
    if (context.auth.isExpiring() && (await context.api.renewSession()) === 'ended') {
      context.auth.signOut('session-expired');
      throw redirect({ to: '/login' });
    }
  },
  loader: async ({ context, params }) => {
    const canvas = await context.queryClient
      .ensureQueryData(activeCanvasQueryOptions(context.api))
      .catch(() => DEFAULT_CANVAS_MANIFEST);
    await context.queryClient.ensureQueryData(
      boardPixelsQueryOptions(context.api, canvas.canvasIndex, params.boardIndex),
    );
    return { canvas };
  },
  head: ({ params }) => pageTitle(`Board ${params.boardIndex}`),
  pendingComponent: EditorPending,
  errorComponent: EditorLoadError,
  component: BoardEditorPage,
});
