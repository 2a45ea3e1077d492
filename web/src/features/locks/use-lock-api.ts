// The lock API bound to the router context's API client.
import { useMemo } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { createLockApi, type LockApi } from './lock-api.js';

export function useLockApi(): LockApi {
  const { api } = useRouteContext({ from: '__root__' });
  return useMemo(() => createLockApi(api), [api]);
}
