import { createFileRoute, redirect } from '@tanstack/react-router';

// /canvas/art without a board index opens board 0.
export const Route = createFileRoute('/canvas/art/')({
  beforeLoad: () => {
    throw redirect({ to: '/canvas/art/$boardIndex', params: { boardIndex: 0 }, replace: true });
  },
});
