import { Loader2Icon } from 'lucide-react';
import { authMessages } from '@/modules/auth/auth.messages.ts';

/** 'Завантаження...' (spec §2) while the sign-in state or a lazy page loads. */
export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-2 text-sm text-muted-foreground">
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      {authMessages.loading}
    </div>
  );
}
