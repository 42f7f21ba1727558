import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/web/lib/api.ts';
import { authUserQueryKey, type AuthUserQueryData } from './auth.api.ts';

/** The signed-in user; a 401 answer means nobody is signed in (spec §7: no retry). */
export function useAuth() {
  const { data, isLoading } = useQuery<AuthUserQueryData>({
    queryKey: authUserQueryKey,
    queryFn: getQueryFn<NonNullable<AuthUserQueryData>>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
