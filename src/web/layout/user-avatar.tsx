import type { CurrentUser } from '@/shared/current-user.ts';
import { Avatar, AvatarFallback, AvatarImage } from '@/web/components/ui/avatar.tsx';
import { cn } from '@/web/lib/utils.ts';

export function fullNameOf(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'username'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}

/** Spec §2: the initials of the first and last name (the login's first letter when both are empty). */
export function initialsOf(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'username'>): string {
  const initials = [user.firstName, user.lastName]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toLocaleUpperCase('uk-UA');
  return initials || user.username.charAt(0).toLocaleUpperCase('uk-UA');
}

/** The profile image, else the initials. */
export function UserAvatar({ user, className }: { user: CurrentUser; className?: string }) {
  return (
    <Avatar className={cn('size-8 rounded-lg', className)}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback className="rounded-lg bg-primary/10 font-semibold text-primary">
        {initialsOf(user)}
      </AvatarFallback>
    </Avatar>
  );
}
